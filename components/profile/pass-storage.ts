/**
 * What the profile keeps in localStorage, per account, so it still shows at a gate without signal: the
 * last pass answer and the last timetable answer. Both are forgotten together on logout.
 */
const prefix = 'festival-pass:';
const timetablePrefix = 'festival-timetable:';

export function savedPassKey(userId: string): string {
  return `${prefix}${userId}`;
}

export function savedTimetableKey(userId: string): string {
  return `${timetablePrefix}${userId}`;
}

/**
 * Logging out forgets every saved pass and timetable: on a shared phone the next person must not see
 * them. (One function for both, as the logout code calls this one.)
 */
export function forgetSavedPasses(storage: Storage): void {
  for (let i = storage.length - 1; i >= 0; i--) {
    const key = storage.key(i);
    if (key?.startsWith(prefix) || key?.startsWith(timetablePrefix)) storage.removeItem(key);
  }
}

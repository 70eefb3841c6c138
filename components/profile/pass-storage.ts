/** Where the last pass answer is kept, per account, so the pass still shows at a gate without signal. */
const prefix = 'festival-pass:';

export function savedPassKey(userId: string): string {
  return `${prefix}${userId}`;
}

/** Logging out forgets every saved pass: on a shared phone the next person must not see it. */
export function forgetSavedPasses(storage: Storage): void {
  for (let i = storage.length - 1; i >= 0; i--) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) storage.removeItem(key);
  }
}

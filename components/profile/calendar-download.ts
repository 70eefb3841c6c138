import { ApiError, readStoredToken } from '@/lib/api-client';
import { publicEnv } from '@/lib/public-env';

/**
 * "Add all to calendar": the participant's calendar file. The API needs the bearer token, which a plain
 * link cannot send, so the file is fetched here and handed to the browser as a download.
 */
export const timetableFileName = 'aetherfest-2027-timetable.ics';

export async function downloadTimetableCalendar(): Promise<void> {
  const token = readStoredToken();
  let response: Response;
  try {
    response = await fetch(`${publicEnv.apiBase}/api/my-timetable/calendar`, {
      headers: { accept: 'text/calendar', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(0, 'Network error: please check your connection and try again.');
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof payload?.message === 'string' ? payload.message : undefined;
    throw new ApiError(response.status, message ?? `The server answered ${response.status}.`, {
      fromServer: message !== undefined,
    });
  }
  const file = new Blob([await response.blob()], { type: 'text/calendar' });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = timetableFileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the address is released once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

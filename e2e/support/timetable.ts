import type { APIRequestContext } from '@playwright/test';
import { consoleApi, organiserAccount } from './accounts';

/*
 * The e2e server starts from the development seed, which has a sample timetable. A journey that needs an
 * empty one (SPEC.md's placeholder schedule) or exact lists of its own sessions takes the timetable off
 * first and puts it back afterwards, through the console API as an organiser would.
 */

interface Sitting {
  id: number;
  eventId: number;
  venueId: number;
  roundName: string | null;
  startsAt: string;
  endsAt: string;
}

/** Removes every session; the answer puts the removed ones back (as new sessions, same events, times, venues). */
export async function clearTimetable(request: APIRequestContext): Promise<() => Promise<void>> {
  const send = consoleApi(request, await organiserAccount(request));
  const { sessions } = await send<{ sessions: Sitting[] }>('get', '/api/admin/timetable');
  // Side by side: a journey's own steps keep most of its time.
  await Promise.all(sessions.map((session) => send('delete', `/api/admin/session/${session.id}`)));
  return async () => {
    await Promise.all(
      sessions.map(({ eventId, venueId, roundName, startsAt, endsAt }) =>
        send('post', '/api/admin/session', { eventId, venueId, roundName, startsAt, endsAt }),
      ),
    );
  };
}

import { expect, test, type APIRequestContext } from '@playwright/test';
import { consoleApi, organiserAccount, signIn } from './support/accounts';
import { expectNoSeriousAxeViolations } from './support/axe';
import { clearTimetable } from './support/timetable';

/*
 * The organisers' timetable: the seeded organiser adds a venue and two sessions of a seeded event with
 * the console's forms, one of them overlapping a session made through the API in the same venue, and the
 * console flags the clash in words. The public schedule and the event's card then show the sessions.
 * The seeded sample timetable is taken off first, so the console lists only the sessions made here, and
 * put back at the end, after everything made here is deleted.
 */

interface SeededEvent {
  id: number;
  name: string;
}

interface AdminTimetable {
  venues: { id: number; name: string }[];
  sessions: { id: number; venueId: number }[];
  clashes: unknown[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first two events of the first public category: its page is /event/1. */
async function seededEvents(request: APIRequestContext): Promise<[SeededEvent, SeededEvent]> {
  const categories = await request.get('/api/admin/event-category/get-event-category');
  const [first] = ((await categories.json()) as { data: { id: number }[] }).data;
  const events = await request.get(`/api/admin/event-category/get-events-by-category/${first!.id}`);
  const list = ((await events.json()) as { data: SeededEvent[] }).data;
  expect(list.length).toBeGreaterThanOrEqual(2);
  return [list[0]!, list[1]!];
}

test.describe('console: timetable', () => {
  test('an organiser adds a venue and sessions, sees a clash and moves it away, and the public pages show the sessions', async ({
    page,
    request,
  }) => {
    // A long journey, and taking the seeded timetable off and back adds to it.
    test.slow();
    const organiser = await organiserAccount(request);
    const send = consoleApi(request, organiser);
    const [event, rival] = await seededEvents(request);
    const suffix = Math.random().toString(36).slice(2, 7);
    const venueName = `Great Hall ${suffix}`;
    const restoreSeeded = await clearTimetable(request);

    try {
      // The public pages are visited first, so they are cached before the console changes anything: the
      // checks at the end then show that the console's writes revalidate them.
      await page.goto('/schedule');
      await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
      await expect(page.getByText(venueName)).toHaveCount(0);
      await page.goto('/event/1');
      await expect(page.getByRole('article').filter({ hasText: event.name })).not.toContainText(venueName);

      await signIn(page, organiser);
      await page.goto('/admin/content/timetable');
      await expect(page.getByRole('heading', { name: 'Timetable', level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation').getByRole('link', { name: 'Timetable' })).toBeVisible();
      // An empty timetable has no clash warning.
      await expect(page.getByRole('heading', { name: /clash/ })).toHaveCount(0);

      // A venue through the form; a bad map link is refused on its field first.
      const venues = page.getByRole('region', { name: 'Venues' });
      await venues.getByRole('button', { name: 'Add a venue' }).click();
      await venues.getByLabel('Venue name').fill(venueName);
      await venues.getByLabel('Map link (optional)').fill('javascript:alert(1)');
      await venues.getByRole('button', { name: 'Add venue' }).click();
      await expect(venues.getByText('Map link must be an https:// address.')).toBeVisible();
      await venues.getByLabel('Map link (optional)').fill('https://maps.example/great-hall');
      await venues.getByRole('button', { name: 'Add venue' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Venue created' })).toBeVisible();
      const venueRow = venues
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: venueName, exact: true }) });
      await expect(venueRow.getByText('0 sessions')).toBeVisible();
      const venueId = (await send<AdminTimetable>('get', '/api/admin/timetable')).venues.find(
        (v) => v.name === venueName,
      )?.id;
      expect(venueId).toBeDefined();

      // The session the form's first one will clash with, made through the API.
      await send('post', '/api/admin/session', {
        eventId: rival.id,
        venueId,
        roundName: 'Finals',
        startsAt: '2027-02-21T11:00',
        endsAt: '2027-02-21T13:00',
      });
      await page.reload();

      const sessions = page.getByRole('region', { name: 'Sessions' });
      async function addSession(from: string, to: string, round: string) {
        await sessions.getByRole('button', { name: 'Add a session' }).click();
        await sessions.getByLabel('Event').selectOption({ label: event.name });
        await sessions.getByLabel('Starts at').fill(from);
        await sessions.getByLabel('Ends at').fill(to);
        await sessions.getByLabel('Venue').selectOption({ label: venueName });
        await sessions.getByLabel('Round (optional)').fill(round);
        await sessions.getByRole('button', { name: 'Add session' }).click();
      }

      // A session ending before it starts is refused with the schema's message, on its field.
      await addSession('2027-02-21T12:00', '2027-02-21T10:00', 'Prelims');
      await expect(sessions.getByText('The session must end after it starts.')).toBeVisible();
      await sessions.getByLabel('Ends at').fill('2027-02-21T12:00');
      await sessions.getByLabel('Starts at').fill('2027-02-21T10:00');
      await sessions.getByRole('button', { name: 'Add session' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Session created' })).toBeVisible();
      await addSession('2027-02-22T14:00', '2027-02-22T15:30', 'Finals');
      await expect(page.getByRole('status').filter({ hasText: 'Session created' }).first()).toBeVisible();

      // Each day lists its sessions in time order; the clash is flagged on both rows and summarised.
      const day2 = page.getByRole('region', { name: /^Day 2/ });
      const day3 = page.getByRole('region', { name: /^Day 3/ });
      await expect(day2.getByRole('heading', { level: 4 })).toHaveText([event.name, rival.name]);
      await expect(day3.getByRole('heading', { level: 4 })).toHaveText([event.name]);
      // A row is the list item holding its event's heading (its clash notes are list items too).
      const rowOf = (name: string) =>
        day2.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
      const prelims = rowOf(event.name);
      await expect(prelims).toContainText('10:00–12:00');
      await expect(prelims).toContainText('Prelims');
      await expect(prelims).toContainText(venueName);
      await expect(
        prelims.getByText(`Clashes with ${rival.name} (Finals) 11:00–13:00 at ${venueName}`),
      ).toBeVisible();
      const rivalRow = rowOf(rival.name);
      await expect(rivalRow).toContainText('11:00–13:00');
      await expect(
        rivalRow.getByText(`Clashes with ${event.name} (Prelims) 10:00–12:00 at ${venueName}`),
      ).toBeVisible();
      await expect(day3.getByText(/Clashes with/)).toHaveCount(0);
      const summary = page.getByRole('region', { name: '1 clash' });
      await expect(summary).toContainText(
        `Day 2, ${venueName}: ${event.name} (Prelims) 10:00–12:00 and ${rival.name} (Finals) 11:00–13:00`,
      );
      await expect(
        page.getByRole('region', { name: 'Venues' }).getByRole('listitem').filter({ hasText: venueName }),
      ).toContainText('3 sessions');

      // The venue is in use: deleting it is refused with the server's message, kept in view.
      await venueRow.getByRole('button', { name: `Delete venue ${venueName}` }).click();
      await venueRow.getByRole('button', { name: 'Yes, delete' }).click();
      await expect(venueRow.getByRole('alert')).toHaveText(
        `${venueName} still holds 3 sessions: move or delete them first.`,
      );

      // Axe with an edit form open, so its fields are checked too.
      await prelims.getByRole('button', { name: /^Edit / }).click();
      await expect(prelims.getByRole('button', { name: 'Save session' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      // Ending it at 11:00 puts it back to back with the other session: no clash any more. The console says
      // how many registered members the move was mailed to (other journeys may register for this event).
      await prelims.getByLabel('Ends at').fill('2027-02-21T11:00');
      await prelims.getByRole('button', { name: 'Save session' }).click();
      await expect(sessions.getByRole('status')).toHaveText(
        new RegExp(
          `^${escapeRegExp(event.name)} \\(Prelims\\) saved\\. (Nobody was mailed|\\d+ registered members? (was|were) mailed the new time and calendar file)\\.$`,
        ),
      );
      await expect(prelims).toContainText('10:00–11:00');
      await expect(page.getByText(/Clashes with/)).toHaveCount(0);
      await expect(page.getByRole('region', { name: /clash/ })).toHaveCount(0);

      // The public schedule and the event's card (its category is the first: /event/1) show the sessions.
      // Both are cached pages revalidated by the console's writes: this is the next visit after them.
      await page.goto('/schedule');
      const scheduleRow = page
        .getByRole('row')
        .filter({ hasText: event.name })
        .filter({ hasText: '10:00–11:00' });
      await expect(scheduleRow).toContainText(venueName);
      await expect(
        page.getByRole('row').filter({ hasText: event.name }).filter({ hasText: '14:00–15:30' }),
      ).toContainText(venueName);
      await page.goto('/event/1');
      const card = page.getByRole('article').filter({ hasText: event.name });
      await expect(card).toContainText('10:00–11:00');
      await expect(card).toContainText('14:00–15:30');
      await expect(card).toContainText(venueName);
    } finally {
      try {
        // Everything made here goes, then the seeded timetable comes back for the other journeys.
        const left = await send<AdminTimetable>('get', '/api/admin/timetable');
        const venue = left.venues.find((v) => v.name === venueName);
        for (const session of left.sessions.filter((s) => s.venueId === venue?.id)) {
          await send('delete', `/api/admin/session/${session.id}`);
        }
        if (venue) await send('delete', `/api/admin/venue/${venue.id}`);
        expect((await send<AdminTimetable>('get', '/api/admin/timetable')).sessions).toEqual([]);
      } finally {
        await restoreSeeded();
      }
    }
  });
});

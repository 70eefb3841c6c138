import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createVerifiedAccount, organiserAccount, signIn, type TestAccount } from './support/accounts';
import { expectNoSeriousAxeViolations } from './support/axe';
import { clearTimetable } from './support/timetable';

/*
 * The participant's timetable: the seeded organiser publishes sessions for two seeded events through the
 * console API, a participant registered for the first sees it on the profile (day, time, venue, map link)
 * and downloads the one calendar file; opening the second event's registration warns of the overlap, and
 * after registering the profile flags it; offline, the profile shows the copy kept on the device, which a
 * logout removes. Each journey takes the seeded sample timetable off first (it must see only its own
 * sessions) and puts it back at the end, after deleting the venues and sessions it made.
 */

interface Option {
  id: number;
  price: number;
  min_range: number;
  max_range: number;
  participation_name: string;
}

interface FestivalEvent {
  id: number;
  name: string;
  isRegistrationOpen: boolean;
  participations: Option[];
}

const freeSolo = (o: Option) => o.price === 0 && o.min_range === 1 && o.max_range === 1;

/** Two open events of category 1 (/event/1) with a free option for one person. */
async function twoFreeSoloEvents(request: APIRequestContext) {
  const categories = await request.get('/api/admin/event-category/get-event-category');
  const { data } = (await categories.json()) as { data: { id: number }[] };
  const answer = await request.get(`/api/admin/event-category/get-events-by-category/${data[0]!.id}`);
  const picks = ((await answer.json()) as { data: FestivalEvent[] }).data
    .filter((e) => e.isRegistrationOpen)
    .flatMap((event) => {
      const option = event.participations.find(freeSolo);
      return option ? [{ event, option }] : [];
    });
  if (picks.length < 2) throw new Error('The seeded category 1 needs two open free individual events');
  return [picks[0]!, picks[1]!] as const;
}

/** The console API as the seeded organiser; every record it makes is remembered for `removeAll`. */
function consoleApi(request: APIRequestContext, organiser: TestAccount) {
  const headers = { authorization: `Bearer ${organiser.token}` };
  const made: string[] = [];
  return {
    async create(path: '/api/admin/venue' | '/api/admin/session', data: unknown): Promise<number> {
      const answer = await request.post(path, { headers, data });
      expect(answer.ok(), await answer.text()).toBe(true);
      const { id } = ((await answer.json()) as { data: { id: number } }).data;
      made.push(`${path}/${id}`);
      return id;
    },
    /** Newest first: sessions before the venues they use. */
    async removeAll() {
      for (const path of made.reverse()) {
        const answer = await request.delete(path, { headers });
        expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
      }
    },
  };
}

async function registerFree(
  request: APIRequestContext,
  account: TestAccount,
  pick: { event: FestivalEvent; option: Option },
) {
  const answer = await request.post(`/api/event-register/event-registration/${pick.event.id}`, {
    headers: { authorization: `Bearer ${account.token}` },
    data: {
      registerData: { emails: [account.email], teamName: null, participationId: pick.option.id },
      payData: null,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

test.describe('the participant timetable', () => {
  test('the profile lists the sessions, downloads the calendar file and flags an overlap the registration screen warned about', async ({
    context,
    page,
    request,
  }) => {
    // A long journey, and taking the seeded timetable off and back adds to it.
    test.slow();
    const [first, second] = await twoFreeSoloEvents(request);
    const organiser = await organiserAccount(request);
    const admin = consoleApi(request, organiser);
    const suffix = Math.random().toString(36).slice(2, 7);
    const hallName = `Great Hall ${suffix}`;
    const groundName = `Quidditch Pitch ${suffix}`;
    const restoreSeeded = await clearTimetable(request);
    try {
      const hall = await admin.create('/api/admin/venue', {
        name: hallName,
        mapUrl: 'https://maps.example.com/great-hall',
      });
      const ground = await admin.create('/api/admin/venue', { name: groundName });
      const finals = await admin.create('/api/admin/session', {
        eventId: first.event.id,
        venueId: hall,
        roundName: 'Finals',
        startsAt: '2027-02-21T10:00',
        endsAt: '2027-02-21T12:00',
      });
      await admin.create('/api/admin/session', {
        eventId: second.event.id,
        venueId: ground,
        startsAt: '2027-02-21T11:00',
        endsAt: '2027-02-21T13:00',
      });

      const participant = await createVerifiedAccount(request, { first_name: 'Neville' });
      await registerFree(request, participant, first);
      await signIn(page, participant);

      await page.goto('/profile');
      const timetable = page.getByRole('region', { name: 'Your timetable' });
      await expect(timetable.getByRole('heading', { name: 'Day 2 · Sun, 21 Feb', level: 3 })).toBeVisible();
      const finalsItem = timetable.getByRole('listitem').filter({ hasText: hallName });
      await expect(finalsItem).toContainText(`${first.event.name} (Finals)`);
      await expect(finalsItem).toContainText('10:00–12:00');
      await expect(finalsItem).toContainText(hallName);
      await expect(
        finalsItem.getByRole('link', { name: `Map of ${hallName} (opens in a new tab)` }),
      ).toHaveAttribute('href', 'https://maps.example.com/great-hall');
      await expect(timetable.getByText(/Overlaps with/)).toHaveCount(0);

      const downloading = page.waitForEvent('download');
      await timetable.getByRole('button', { name: 'Add all to calendar' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('aetherfest-2027-timetable.ics');
      const ics = await fs.readFile(await download.path(), 'utf8');
      expect(ics).toContain(`UID:session-${finals}@aetherfest.example`);
      expect(ics).toContain('DTSTART:20270221T043000Z');

      // The second event's registration screen warns (and still lets the participant register).
      await page.goto(`/event/1/register?event=${second.event.id}`);
      await expect(page.getByRole('heading', { level: 1, name: second.event.name })).toBeVisible();
      const warning = page
        .getByRole('status')
        .filter({ hasText: `Heads up: you are registered for ${first.event.name} (Finals)` });
      await expect(warning).toContainText(
        `Heads up: you are registered for ${first.event.name} (Finals), Day 2, Sun, 21 Feb, 10:00–12:00, which overlaps ${second.event.name}.`,
      );
      await page.getByRole('radio', { name: new RegExp(`^${second.option.participation_name} \\(`) }).check();
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(
        page.getByRole('heading', { name: 'Step 2 of 2: Confirm your registration' }),
      ).toBeFocused();
      await expect(warning).toBeVisible();
      await page.getByRole('button', { name: 'Register for free' }).click();
      await expect(page).toHaveURL(/\/$/);

      await page.goto('/profile');
      await expect(finalsItem).toContainText(`Overlaps with ${second.event.name}`);
      const secondItem = timetable.getByRole('listitem').filter({ hasText: groundName });
      await expect(secondItem).toContainText('11:00–13:00');
      await expect(secondItem).toContainText(`Overlaps with ${first.event.name} (Finals)`);
      await expectNoSeriousAxeViolations(page);

      // Like the pass, the timetable stays on the device for a gate without signal...
      await expect
        .poll(() =>
          page.evaluate(async () => {
            await navigator.serviceWorker.ready;
            return (await caches.match('/profile')) !== undefined;
          }),
        )
        .toBe(true);
      await context.setOffline(true);
      await page.reload();
      await expect(
        timetable.getByText('You are offline: this is the timetable saved on this device', { exact: false }),
      ).toBeVisible();
      await expect(finalsItem).toContainText(`Overlaps with ${second.event.name}`);
      await context.setOffline(false);

      // ...and goes with a logout.
      const savedKey = `festival-timetable:${participant.userId}`;
      expect(await page.evaluate((key) => window.localStorage.getItem(key), savedKey)).not.toBeNull();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Site menu' }).getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByText('Logged Out!')).toBeVisible();
      expect(await page.evaluate((key) => window.localStorage.getItem(key), savedKey)).toBeNull();
    } finally {
      await context.setOffline(false);
      await admin.removeAll();
      await restoreSeeded();
    }
  });

  test('someone registered for an event without sessions is told the times come later', async ({
    page,
    request,
  }) => {
    const [first] = await twoFreeSoloEvents(request);
    const restoreSeeded = await clearTimetable(request);
    try {
      const participant = await createVerifiedAccount(request, { first_name: 'Ginny' });
      await registerFree(request, participant, first);
      await signIn(page, participant);
      await page.goto('/profile');
      const timetable = page.getByRole('region', { name: 'Your timetable' });
      await expect(timetable).toContainText(
        'Times and venues appear here once the organisers publish the timetable.',
      );
      await expect(timetable.getByRole('button', { name: 'Add all to calendar' })).toHaveCount(0);
    } finally {
      await restoreSeeded();
    }
  });
});

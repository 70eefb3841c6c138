import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  consoleApi,
  createVerifiedAccount,
  organiserAccount,
  outboxFor,
  signIn,
  type TestAccount,
} from '../support/accounts';
import { freeSoloEvent } from '../support/events';
import {
  serviceWorkerHook,
  shownNotifications,
  startPushService,
  usePushService,
  type PushService,
} from '../support/push-service';

/*
 * The reminder 30 minutes before a session (docs/announcements.md, "Reminders"), on the festival-day
 * server: its clock starts 20 minutes before the festival's first day (playwright.config.ts), so a session
 * of the first morning is due within the run. A participant with notifications on gets it on the lock
 * screen, opening the venue's map; one who chose mail gets a mail.
 */

let pushService: PushService;
test.beforeAll(async () => {
  pushService = await startPushService();
});
test.afterAll(async () => {
  await pushService?.stop();
});

const festivalStarts = Date.parse('2027-02-20T00:00:00+05:30');

/** The server's own time (its clock is the festival's, not this machine's), from an answer's Date header. */
async function serverNow(request: APIRequestContext): Promise<number> {
  const answer = await request.get('/api/health');
  return Date.parse(answer.headers()['date']!);
}

/** A participant registered for `eventId`'s free option `optionId`, signed in on `page`. */
async function registered(request: APIRequestContext, page: Page, first_name: string) {
  const { event, option } = await freeSoloEvent(request);
  const participant = await createVerifiedAccount(request, { first_name, last_name: 'Lovegood' });
  const answer = await request.post(`/api/event-register/event-registration/${event.id}`, {
    headers: { authorization: `Bearer ${participant.token}` },
    data: {
      registerData: { emails: [participant.email], teamName: null, participationId: option.id },
      payData: null,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  await signIn(page, participant);
  return { participant, event };
}

/** A session of `eventId` at a new venue, starting a few minutes from the server's now (within the festival). */
async function sessionSoon(request: APIRequestContext, organiser: TestAccount, eventId: number) {
  const send = consoleApi(request, organiser);
  const mapUrl = 'https://maps.example/owlery';
  const venue = await send<{ id: number; name: string }>('post', '/api/admin/venue', {
    name: `Owlery ${Math.random().toString(36).slice(2, 7)}`,
    mapUrl,
  });
  const startsAt = Math.max(festivalStarts + 60_000, (await serverNow(request)) + 3 * 60_000);
  await send('post', '/api/admin/session', {
    eventId,
    venueId: venue.id,
    roundName: 'Dawn round',
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(startsAt + 30 * 60_000).toISOString(),
  });
  return { venue, mapUrl };
}

test('a participant with notifications on gets the reminder on the lock screen, leading to the map', async ({
  context,
  page,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  await usePushService(context, pushService);
  const { event } = await registered(request, page, 'Luna');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Notifications' });
  await section.getByRole('button', { name: 'Turn on notifications on this phone' }).click();
  await expect(section.getByTestId('push-state')).toHaveText('Notifications are on for this phone.');
  const stored = await page.evaluate(() => localStorage.getItem('e2e:push-subscription'));
  const endpoint = (JSON.parse(stored!) as { endpoint: string }).endpoint;

  const { venue, mapUrl } = await sessionSoon(request, await organiserAccount(request), event.id);

  // The server's round (every 5 s) queues it and sends it; the push service decrypts what arrived.
  let raw = '';
  await expect
    .poll(
      async () => {
        raw = (await pushService.messagesFor(endpoint)).find((m) => m.includes('"reminder:')) ?? '';
        return raw;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const message = JSON.parse(raw) as { title: string; body: string; url: string; tag: string };
  expect(message.title).toContain('Dawn round');
  expect(message.body).toBe(`Starts in 30 minutes at ${venue.name}. Tap for the map.`);
  expect(message.url).toBe(mapUrl);

  const hook = await serviceWorkerHook(page);
  await hook.deliverPush('/profile', raw);
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([{ title: message.title, body: message.body, tag: message.tag, url: mapUrl }]);
  await hook.detach();
});

test('a participant who chose mail gets the reminder by mail', async ({ page, request }) => {
  const { participant, event } = await registered(request, page, 'Xenophilius');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Notifications' });
  await section.getByRole('radio', { name: /mail/i }).check();
  await expect(section.getByText('Your reminder choice is saved.')).toBeVisible();

  const { venue, mapUrl } = await sessionSoon(request, await organiserAccount(request), event.id);
  await expect
    .poll(
      async () => (await outboxFor(request, participant.email)).find((m) => m.subject.includes('Dawn round')),
      { timeout: 30_000 },
    )
    .toMatchObject({ text: expect.stringContaining(`in 30 minutes, at ${venue.name}.\nMap: ${mapUrl}`) });
});

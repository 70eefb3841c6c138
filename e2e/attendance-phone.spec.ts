import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  consoleApi,
  createVerifiedAccount,
  organiserAccount,
  signIn,
  type TestAccount,
} from './support/accounts';
import { createOwnEvent, registerFree } from './support/events';
import { expectInsideScreen, phoneHeight, phoneWidths } from './support/phone-screen';

/*
 * A volunteer takes attendance on a phone with the network cut and restored. The seeded volunteer
 * (volunteer@aetherfest.example, made beside the development organiser) opens a session of an event of
 * the test's own with two registered participants; types the first one's pass code and sees them present;
 * goes offline, types the second one's code and sees it waiting, reloads the page still offline and finds
 * the roster and the waiting scan again; comes back online and sees it recorded and the count move; undoes
 * it; and logs out, which leaves no offline copy behind.
 */

const volunteerLogin = { email: 'volunteer@aetherfest.example', password: 'Volunteer@2027' };

async function volunteerAccount(request: APIRequestContext): Promise<TestAccount> {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  const login = await request.post('/api/login', {
    data: volunteerLogin,
    headers: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    userId: string;
  };
  return {
    first_name: 'Festival',
    last_name: 'Volunteer',
    phone_number: '9000000001',
    DOB: '2000-01-01',
    gender: 'other',
    Clg: 'Festival Committee',
    ...volunteerLogin,
    token,
    userId: claims.userId,
  };
}

async function passCodeOf(request: APIRequestContext, account: TestAccount): Promise<string> {
  const answer = await request.get('/api/my-pass', { headers: { authorization: `Bearer ${account.token}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { code: string } }).data.code;
}

test.use({ viewport: { width: phoneWidths[0], height: phoneHeight } });

test('a volunteer takes attendance on a phone with the network cut and restored', async ({
  page,
  context,
  request,
}) => {
  const organiser = await organiserAccount(request);
  const send = consoleApi(request, organiser);
  const own = await createOwnEvent(request, organiser, 'Attendance', [
    { participationName: 'Solo', price: 0, minRange: 1, maxRange: 1 },
  ]);
  const optionId = own.event.participations[0]!.id;
  const { venues } = await send<{ venues: { id: number }[] }>('get', '/api/admin/timetable');
  const session = await send<{ id: number }>('post', '/api/admin/session', {
    eventId: own.event.id,
    venueId: venues[0]!.id,
    roundName: 'Heats',
    startsAt: '2027-02-21T10:00',
    endsAt: '2027-02-21T12:00',
  });

  const first = await createVerifiedAccount(request, { first_name: 'Hermione', last_name: 'Granger' });
  const second = await createVerifiedAccount(request, { first_name: 'Luna', last_name: 'Lovegood' });
  for (const person of [first, second]) {
    const registered = await registerFree(request, person, own.event.id, optionId);
    expect(registered.status(), await registered.text()).toBe(201);
  }
  const firstCode = await passCodeOf(request, first);
  const secondCode = await passCodeOf(request, second);

  try {
    await signIn(page, await volunteerAccount(request));

    // The volunteer's menu and the sessions list: this session, with nobody present yet.
    await page.goto('/admin/attendance');
    await expect(page.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download attendance (CSV)' })).toHaveCount(0);
    await expect(page.getByTestId(`session-count-${session.id}`)).toHaveText('0 / 2 present');
    await page.getByRole('link', { name: new RegExp(own.event.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/attendance/${session.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${own.event.name}: Heats` })).toBeVisible();
    const count = page.getByTestId('attendance-count');
    await expect(count).toHaveText('0 / 2 present');
    const roster = page.getByRole('list', { name: 'Roster' });
    await expect(roster.getByRole('listitem')).toHaveCount(2);

    // Online: the first participant is marked present at once.
    const answer = page.getByTestId('attendance-answer');
    await page.getByLabel('Pass code').fill(firstCode);
    await page.getByRole('button', { name: 'Mark present' }).click();
    await expect(answer).toContainText('Hermione Granger is present.');
    await expect(count).toHaveText('1 / 2 present');
    await expectInsideScreen(page, '/admin/attendance/{id} with an answer');

    // Loading the roster installed the worker that keeps this session's page for a reload without signal.
    const sessionPath = `/admin/attendance/${session.id}`;
    await expect
      .poll(() => page.evaluate(async (path) => (await caches.match(path)) !== undefined, sessionPath))
      .toBe(true);

    // No signal: the second scan waits on the phone, named from the roster kept there.
    await context.setOffline(true);
    await page.getByLabel('Pass code').fill(secondCode);
    await page.getByRole('button', { name: 'Mark present' }).click();
    await expect(answer).toContainText('Luna Lovegood: waiting to send');
    const recent = page.getByRole('list', { name: 'Recent scans' });
    await expect(
      recent.getByRole('listitem').filter({ hasText: 'Luna Lovegood: waiting to send' }),
    ).toBeVisible();
    await expect(count).toHaveText('1 / 2 present');

    // The tab is reloaded in the hall, still without signal: the page, its roster and the waiting scan
    // come back from the phone.
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`${sessionPath}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${own.event.name}: Heats` })).toBeVisible();
    await expect(roster.getByRole('listitem')).toHaveCount(2);
    await expect(
      recent.getByRole('listitem').filter({ hasText: 'Luna Lovegood: waiting to send' }),
    ).toBeVisible();

    // Back online: the queue goes as one batch, the line takes the server's answer and the count moves.
    await context.setOffline(false);
    const lunaLine = recent.getByRole('listitem').filter({ hasText: 'Luna Lovegood is present.' });
    await expect(lunaLine).toBeVisible({ timeout: 30_000 });
    await expect(count).toHaveText('2 / 2 present');
    await expect(recent.getByText('waiting to send')).toHaveCount(0);

    // A mistaken scan is undone within five minutes.
    await lunaLine.getByRole('button', { name: 'Undo' }).click();
    await expect(answer).toContainText('The attendance is undone.');
    await expect(count).toHaveText('1 / 2 present');
    await expect(roster.getByRole('listitem').filter({ hasText: 'Luna Lovegood' })).toContainText('Not yet');

    // Logging out leaves no copy of the page and no worker on the phone.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Site menu' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged Out!')).toBeVisible();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(
      0,
    );
    expect(await page.evaluate(() => caches.keys())).toEqual([]);
    const rostersKept = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const opened = indexedDB.open('aetherfest-attendance');
          opened.onerror = () => reject(opened.error);
          opened.onsuccess = () => {
            const counted = opened.result.transaction('rosters').objectStore('rosters').count();
            counted.onsuccess = () => resolve(counted.result);
            counted.onerror = () => reject(counted.error);
          };
        }),
    );
    expect(rostersKept).toBe(0);
  } finally {
    await context.setOffline(false);
    await send('delete', `/api/admin/session/${session.id}`);
    await own.hide();
  }
});

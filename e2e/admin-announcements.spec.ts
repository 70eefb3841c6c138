import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createVerifiedAccount, organiserAccount, signIn, type TestAccount } from './support/accounts';
import { expectNoSeriousAxeViolations } from './support/axe';
import { createOwnEvent, registerFree } from './support/events';
import { expectInsideScreen, phoneHeight, phoneWidths } from './support/phone-screen';

/*
 * The organisers' announcements: the seeded organiser writes to the registrants of an event of the
 * test's own (so the audience is exactly the one participant registered here), previews whom it reaches,
 * sends it by push and mail, and follows it in the delivery log: the e2e server has no SMTP, so the mail
 * is kept in the preview outbox, which counts as sent; the participant has no device, so the push is
 * unreachable. Another one is scheduled for next week and cancelled. The audit log shows both.
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
  return {
    first_name: 'Festival',
    last_name: 'Volunteer',
    phone_number: '9000000001',
    DOB: '2000-01-01',
    gender: 'other',
    Clg: 'Festival Committee',
    ...volunteerLogin,
    token,
    userId: '',
  };
}

/** A `datetime-local` value in India time, `days` from now. */
function festivalTimeIn(days: number): string {
  const india = new Date(Date.now() + days * 24 * 3600_000 + 330 * 60_000);
  return india.toISOString().slice(0, 16);
}

/** The announcement's id from its page's address. */
function announcementIdOf(page: Page): string {
  const id = /\/admin\/announcements\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)?.[1];
  expect(id).toBeDefined();
  return id!;
}

test.describe('console: announcements', () => {
  test('an organiser writes to an event’s registrants, previews and sends it, follows its delivery, and schedules and cancels another', async ({
    page,
    request,
  }) => {
    test.slow();
    const organiser = await organiserAccount(request);
    const own = await createOwnEvent(request, organiser, 'Owl Post', [
      { participationName: 'Solo', price: 0, minRange: 1, maxRange: 1 },
    ]);
    const participant = await createVerifiedAccount(request, {
      first_name: 'Hedwig',
      last_name: 'Pigwidgeon',
    });
    const registered = await registerFree(
      request,
      participant,
      own.event.id,
      own.event.participations[0]!.id,
    );
    expect(registered.status(), await registered.text()).toBe(201);
    const suffix = Math.random().toString(36).slice(2, 7);
    const title = `Owl post moved ${suffix}`;

    try {
      await signIn(page, organiser);
      await page.goto('/admin/announcements');
      await expect(page.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Announcements' }),
      ).toHaveAttribute('aria-current', 'page');
      const form = page.getByRole('region', { name: 'New announcement' });

      // Bad input is refused on its field before anything is asked of the server.
      await form.getByRole('button', { name: 'Preview' }).click();
      await expect(form.getByText('Title is required.')).toBeVisible();
      await expect(form.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');

      await form.getByLabel('Title').fill(title);
      const body = 'The owlery opens at ten tomorrow.\nBring your letters.';
      await form.getByLabel('Message').fill(body);
      await expect(form.getByText(`${body.length} of 600 characters`, { exact: true })).toBeVisible();
      await form.getByLabel('Registrants of chosen events').check();
      // No event ticked yet: the audience's own message.
      await form.getByRole('button', { name: 'Preview' }).click();
      await expect(form.getByText('Choose at least one event.')).toBeVisible();
      await form.getByLabel(own.event.name).check();
      await expect(form.getByLabel('Push', { exact: true })).toBeChecked();
      await expect(form.getByLabel('Mail', { exact: true })).toBeChecked();
      await expectNoSeriousAxeViolations(page);
      await form.getByRole('button', { name: 'Preview' }).click();

      await expect(form.getByText('1 person (0 with notifications on, on 0 devices)')).toBeVisible();
      await expect(form.getByText(`Hedwig Pigwidgeon (${participant.email})`)).toBeVisible();
      await form.getByRole('button', { name: 'Send to 1 person' }).click();

      await expect(page).toHaveURL(/\/admin\/announcements\/[0-9a-f-]{36}$/);
      const sentId = announcementIdOf(page);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByText(/^Sent .+ to 1 person$/)).toBeVisible();
      const message = page.getByRole('region', { name: 'Message' });
      await expect(message).toContainText('The owlery opens at ten tomorrow.');
      await expect(message.getByText(`Registrants of ${own.event.name}`)).toBeVisible();
      await expect(message.getByText('Push and mail', { exact: true })).toBeVisible();
      const log = page.getByRole('table', { name: 'Delivery log' });
      const mailRow = log.getByRole('row').filter({ hasText: participant.email }).filter({ hasText: 'Mail' });
      const pushRow = log.getByRole('row').filter({ hasText: participant.email }).filter({ hasText: 'Push' });
      await expect(mailRow.getByRole('cell').nth(3)).toHaveText('Sent');
      await expect(pushRow.getByRole('cell').nth(3)).toHaveText('Unreachable');
      await expect(pushRow.getByRole('cell').nth(4)).toHaveText('No device has notifications turned on.');
      const delivery = page.getByRole('region', { name: 'Delivery', exact: true });
      await expect(delivery).toContainText('Push:delivered 0queued 0failed 0unreachable 1');
      await expect(delivery).toContainText('Mail:sent 1queued 0failed 0');
      await expectNoSeriousAxeViolations(page);

      // The log filtered by channel, through the address.
      await page.getByLabel('Channel').selectOption('Mail');
      await page.getByRole('button', { name: 'Filter' }).click();
      await expect(page).toHaveURL(/channel=mail/);
      await expect(log.getByRole('row')).toHaveCount(2);
      await expect(mailRow).toBeVisible();

      // The list names it with its counts.
      await page.getByRole('link', { name: 'All announcements' }).click();
      const listed = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
      await expect(listed).toContainText(`Registrants of ${own.event.name} · Push and mail`);
      await expect(listed).toContainText('Mail:sent 1');

      // One for next week, to everyone by mail, scheduled and then cancelled.
      const later = `Lantern walk ${suffix}`;
      await form.getByLabel('Title').fill(later);
      await form.getByLabel('Message').fill('A lantern walk round the lake.');
      await form.getByLabel('Push', { exact: true }).uncheck();
      await form.getByLabel('Send at a set time').check();
      // A time two years ahead passes the form but not the server: its reason shows on the field.
      await form.getByLabel('Send at', { exact: true }).fill(festivalTimeIn(730));
      await form.getByRole('button', { name: 'Preview' }).click();
      await form.getByRole('button', { name: /^Schedule for / }).click();
      await expect(form.getByText('The send time must be within a year.')).toBeVisible();
      await expect(form.getByLabel('Title')).toBeFocused();
      await form.getByLabel('Send at', { exact: true }).fill(festivalTimeIn(7));
      await form.getByRole('button', { name: 'Preview' }).click();
      await form.getByRole('button', { name: /^Schedule for / }).click();
      await expect(page.getByRole('heading', { name: later, level: 1 })).toBeVisible();
      const scheduledId = announcementIdOf(page);
      await expect(page.getByText(/^Scheduled for /)).toBeVisible();
      await expect(page.getByText('Nothing is sent yet: the log fills when it goes out.')).toBeVisible();
      await page.getByRole('button', { name: `Cancel the announcement ${later}` }).click();
      await page.getByRole('button', { name: 'Yes, cancel it' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Announcement cancelled.' })).toBeVisible();
      await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);

      // The audit log has both writings and the cancellation.
      await page.goto('/admin/audit?entity=announcement');
      await expect(page.getByText(new RegExp(`create · announcement #${sentId}`))).toBeVisible();
      await expect(page.getByText(new RegExp(`create · announcement #${scheduledId}`))).toBeVisible();
      await expect(page.getByText(new RegExp(`cancel · announcement #${scheduledId}`))).toBeVisible();

      // At phone width the announcement's page and its log stay inside the screen.
      await page.setViewportSize({ width: phoneWidths[0], height: phoneHeight });
      await page.goto(`/admin/announcements/${sentId}`);
      await expect(page.getByRole('table', { name: 'Delivery log' })).toBeVisible();
      await expectInsideScreen(page, 'the announcement at 360 px');
    } finally {
      await own.hide();
    }
  });

  test('a volunteer cannot open the announcements', async ({ page, request }) => {
    await signIn(page, await volunteerAccount(request));
    await page.goto('/admin/announcements');
    await expect(page).toHaveURL(/\/unauthorized$/);
  });
});

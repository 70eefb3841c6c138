import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { consoleApi, createVerifiedAccount, organiserAccount, signIn } from './support/accounts';
import { expectNoSeriousAxeViolations } from './support/axe';
import { createOwnEvent, registerFree } from './support/events';

/*
 * The organisers' waiting lists in the console (issue 18). An event of the test's own, with a free option
 * limited to one place, is made through the console API in a category of its own and filled; two
 * participants join its waiting list through the API. The organiser then finds it in the console's
 * overview, opens its list, raises the limit to two (the first in line is offered the place at once),
 * downloads the list as CSV and sets the offer time. Afterwards the event and its category are hidden and
 * closed (an event with a registration cannot be deleted) and the offer time is set back as it was.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('console: waiting lists', () => {
  test('an organiser sees a full option’s list, raises its limit, exports it and sets the offer time', async ({
    page,
    request,
  }) => {
    const organiser = await organiserAccount(request);
    const send = consoleApi(request, organiser);
    const own = await createOwnEvent(request, organiser, 'Queue Trials', [
      { participationName: 'Solo', price: 0, minRange: 1, maxRange: 1, placeLimit: 1 },
    ]);
    const eventName = own.event.name;
    const optionId = own.event.participations[0]!.id;
    const label = `Solo for ${eventName}`;
    const { offerHours } = await send<{ offerHours: number }>('get', '/api/admin/waiting-lists/settings');
    try {
      const [first, padma, parvati] = await Promise.all([
        createVerifiedAccount(request, { first_name: 'Cedric' }),
        createVerifiedAccount(request, { first_name: 'Padma', last_name: 'Patil' }),
        createVerifiedAccount(request, { first_name: 'Parvati', last_name: 'Patil' }),
      ]);
      const registered = await registerFree(request, first, own.event.id, optionId);
      expect(registered.status(), await registered.text()).toBe(201);
      // In this order: Padma is first in line.
      for (const person of [padma, parvati]) {
        const joined = await request.post('/api/waiting-lists', {
          headers: { authorization: `Bearer ${person.token}` },
          data: { kind: 'participation_option', itemId: optionId },
        });
        expect(joined.status(), await joined.text()).toBe(201);
      }

      // The overview, from the console's menu.
      await signIn(page, organiser);
      await page.goto('/admin');
      await page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: 'Waiting lists' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Waiting lists' })).toBeVisible();
      const overview = page.getByRole('region', { name: 'Items with a waiting list' });
      const row = overview.getByRole('row', { name: new RegExp(`^${escape(label)}`) });
      await expect(row.getByRole('cell')).toHaveText([
        new RegExp(`^${escape(label)}`),
        'Event option',
        '2',
        '0',
        '1 registered of 1',
      ]);
      await expectNoSeriousAxeViolations(page);

      // The list, in order of joining.
      await row.getByRole('link', { name: label }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Waiting list: ${label}` })).toBeVisible();
      const entries = page.getByRole('region', { name: 'Waiting list entries' });
      const padmaRow = entries.getByRole('row').filter({ hasText: padma.email });
      const parvatiRow = entries.getByRole('row').filter({ hasText: parvati.email });
      await expect(padmaRow.getByRole('cell').nth(0)).toHaveText('1');
      await expect(padmaRow.getByRole('cell').nth(1)).toHaveText('waiting');
      await expect(padmaRow.getByRole('cell').nth(2)).toHaveText('Padma Patil');
      await expect(parvatiRow.getByRole('cell').nth(0)).toHaveText('2');
      await expect(entries.getByRole('row').nth(1)).toContainText(padma.email);
      await expect(entries.getByRole('row').nth(2)).toContainText(parvati.email);
      await expectNoSeriousAxeViolations(page);

      // Raising the limit to two offers the place to Padma at once.
      const raise = page.getByRole('form', { name: 'Raise the limit' });
      await expect(raise.getByText('Now 1: 1 registered, 0 held.')).toBeVisible();
      await raise.getByLabel('New place limit').fill('1');
      await raise.getByRole('button', { name: 'Raise and make offers' }).click();
      await expect(raise.getByText('Enter a whole number above the current 1.')).toBeVisible();
      await raise.getByLabel('New place limit').fill('2');
      await raise.getByRole('button', { name: 'Raise and make offers' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Place limit raised to 2' })).toHaveText(
        /^Place limit raised to 2: 1 offer made, held until .+ \(India time\)\.$/,
      );
      await expect(padmaRow.getByRole('cell').nth(0)).toHaveText('—');
      await expect(padmaRow.getByRole('cell').nth(1)).toHaveText('offered');
      await expect(padmaRow.getByRole('cell').nth(6)).toHaveText(/\d{4}, \d{1,2}:\d{2}\s?[ap]m/i);
      await expect(parvatiRow.getByRole('cell').nth(0)).toHaveText('1');
      await expect(parvatiRow.getByRole('cell').nth(1)).toHaveText('waiting');
      await expect(page.getByText('Now 2: 1 registered, 1 held.')).toBeVisible();

      // The CSV has both, in order.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^waiting-list-participation_option-${optionId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
      );
      const csv = (await fs.readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
      const lines = csv.split('\r\n').filter((line) => line !== '');
      expect(lines[0]).toBe('Position,Status,Name,E-mail,Team name,Team e-mails,Joined at,Offer expires at');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(new RegExp(`^,offered,Padma Patil,${escape(padma.email)},`));
      expect(lines[2]).toMatch(new RegExp(`^1,waiting,Parvati Patil,${escape(parvati.email)},`));

      // The events console links to the list, with its count.
      await page.goto('/admin/content/events');
      await expect(
        page.getByRole('link', { name: `Waiting list (1 waiting, 1 offered) for Solo in ${eventName}` }),
      ).toHaveAttribute('href', `/admin/waiting-lists/participation_option/${optionId}`);

      // The offer time: the server refuses 0 with its message by the field, and saves 24.
      await page.goto('/admin/waiting-lists');
      const hours = page.getByLabel('Offer time (hours)');
      await expect(hours).toHaveValue(String(offerHours));
      await hours.fill('0');
      await page.getByRole('button', { name: 'Save offer time' }).click();
      await expect(hours).toHaveAttribute('aria-invalid', 'true');
      await expect(hours).toHaveAccessibleDescription(/An offer must stand for at least 1 hour\./);
      await hours.fill('24');
      await page.getByRole('button', { name: 'Save offer time' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
      await expect(hours).not.toHaveAttribute('aria-invalid', 'true');
      expect(await send<{ offerHours: number }>('get', '/api/admin/waiting-lists/settings')).toEqual({
        offerHours: 24,
      });
      await page.reload();
      await expect(page.getByLabel('Offer time (hours)')).toHaveValue('24');
    } finally {
      await send('put', '/api/admin/waiting-lists/settings', { offerHours });
      await own.hide();
    }
  });
});

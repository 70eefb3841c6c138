import { expect, test } from '@playwright/test';
import { createVerifiedAccount, organiserAccount, signIn } from './support/accounts';
import { freeSoloEvent } from './support/events';
import { expectNoSeriousAxeViolations } from './support/axe';

/*
 * Festival passes at the gate: a participant registers for a free event and finds their pass on the
 * profile; the seeded organiser types that code on /admin/check-in and lets them in once; the same code
 * again says it was already used, by whom; a made-up code is refused. The event is picked from the
 * seeded data through the API (category 1), never by id.
 */

test.describe('festival passes and check-in', () => {
  test('a participant shows their pass; the organiser checks it in once, then sees it already used', async ({
    browser,
    page,
    request,
  }) => {
    const { event, option } = await freeSoloEvent(request);
    const participant = await createVerifiedAccount(request, {
      first_name: 'Neville',
      last_name: 'Longbottom',
      Clg: 'Herbology College',
    });

    // The participant registers for a free event in the browser.
    await signIn(page, participant);
    await page.goto(`/event/1/register?event=${event.id}`);
    await page
      .getByRole('radio', {
        name: new RegExp(`^${option.participation_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`),
      })
      .check();
    // A one-person entry: 'Verify', and the toast speaks of you, not of 'all users'.
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText(`You are eligible to register in ${event.name}`)).toBeVisible();
    await page.getByRole('button', { name: 'Register for free' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Bravo' })).toBeVisible();

    // Their profile shows the pass: QR, code, name and the event.
    await page.goto('/profile');
    const pass = page.getByRole('region', { name: 'Festival pass' });
    await expect(pass.getByRole('img', { name: 'QR code of your festival pass' })).toBeVisible();
    await expect(pass).toContainText('Neville Longbottom');
    await expect(pass).toContainText(event.name);
    await expect(pass.getByRole('button', { name: 'Print pass' })).toBeVisible();
    const codeText = pass.getByTestId('pass-code');
    await expect(codeText).toHaveText(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){7}$/);
    const code = (await codeText.textContent())!.trim();

    // On a 320 px phone the code wraps between its groups only: every group sits on one line.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 320, height: 700 });
    const groups = await codeText.locator('span').evaluateAll((spans) =>
      spans.map((span) => ({
        text: span.textContent,
        boxes: span.getClientRects().length,
        top: Math.round(span.getBoundingClientRect().top),
      })),
    );
    expect(groups).toHaveLength(8);
    expect(groups.filter((group) => group.boxes !== 1)).toEqual([]);
    // It does wrap there (so the check above means something), and still reads as the code.
    expect(new Set(groups.map((group) => group.top)).size).toBeGreaterThan(1);
    await expect(codeText).toHaveText(code);
    if (wide) await page.setViewportSize(wide);

    // Printing shows the pass alone.
    await page.emulateMedia({ media: 'print' });
    await expect(codeText).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeHidden();
    await expect(pass.getByRole('button', { name: 'Print pass' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // The page brings the pass in its document. A document opened minutes after it was rendered (a tab
    // restored later) asks for the pass again, and without a connection shows the one saved on this device.
    await page.route('**/api/my-pass', (route) => route.abort('internetdisconnected'));
    await page.clock.setFixedTime(Date.now() + 5 * 60_000);
    await page.reload();
    await expect(pass.getByText('You are offline: this is the pass saved on this device.')).toBeVisible();
    await expect(codeText).toHaveText(code);
    await expect(pass.getByRole('img', { name: 'QR code of your festival pass' })).toBeVisible();
    await page.unroute('**/api/my-pass');

    // The organiser, on their own phone, types the code (in lower case, with spaces) at the gate.
    const organiser = await organiserAccount(request);
    const gateContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const gate = await gateContext.newPage();
    await signIn(gate, organiser);
    await gate.goto('/admin/check-in');
    await expect(gate.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
    await expect(gate.getByText('Ready: scan a pass or type its code.')).toBeVisible();
    await expectNoSeriousAxeViolations(gate);

    const field = gate.getByLabel('Pass code');
    await field.fill(code.toLowerCase().replace(/-/g, ' '));
    await gate.getByRole('button', { name: 'Check in' }).click();
    const result = gate.getByTestId('check-in-result');
    await expect(result).toContainText('Checked in');
    await expect(result).toContainText('Neville Longbottom');
    await expect(result).toContainText('Herbology College');
    await expect(result).toContainText(event.name);
    await expect(field).toHaveValue('');

    // The same pass again: amber, already used, by whom.
    await field.fill(code);
    await gate.getByRole('button', { name: 'Check in' }).click();
    await expect(result).toContainText('Already used');
    await expect(result).toContainText(/Used today at .+ by .+\(organiser@aetherfest\.example\)/);
    await expect(result).toContainText('Neville Longbottom');
    await expectNoSeriousAxeViolations(gate);

    // A made-up code: red, refused.
    await field.fill('ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567-89ABC-DEFGH');
    await gate.getByRole('button', { name: 'Check in' }).click();
    await expect(result).toContainText('Refused');
    await expect(result).toContainText('This pass is not valid.');
    await gateContext.close();
  });

  test('when camera permission is refused the console says so and typing the code still works', async ({
    page,
    request,
  }) => {
    const organiser = await organiserAccount(request);
    await signIn(page, organiser);
    // The organiser said no to the camera prompt.
    await page.addInitScript(() => {
      if (navigator.mediaDevices) {
        navigator.mediaDevices.getUserMedia = () =>
          Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      }
    });
    await page.goto('/admin/check-in');
    await page.getByRole('button', { name: 'Start camera' }).click();
    await expect(page.getByText('Camera permission was refused.', { exact: false })).toHaveAttribute(
      'role',
      'alert',
    );
    await expect(page.getByText(/Camera permission was refused\..*type the pass code below\./)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start camera' })).toBeVisible();
    await page.getByLabel('Pass code').fill('not a pass');
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(page.getByTestId('check-in-result')).toContainText('This pass is not valid.');
  });
});

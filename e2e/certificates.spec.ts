import { expect, test } from '@playwright/test';
import { createVerifiedAccount, organiserAccount, signIn } from './support/accounts';
import { createOwnEvent, registerFree } from './support/events';
import { expectInsideScreen, phoneHeight, phoneWidths } from './support/phone-screen';

/*
 * Certificates on a phone, from issue to proof: an organiser issues an event's participation certificates
 * (every confirmed member counts: no attendance was taken), the participant downloads theirs from the
 * profile, a stranger opens the QR code's page and sees it valid, and after the organiser revokes it,
 * revoked with the reason.
 */

test.use({ viewport: { width: phoneWidths[0], height: phoneHeight } });

test('an organiser issues certificates; the participant downloads theirs; a stranger verifies it, then sees it revoked', async ({
  page,
  browser,
  request,
}) => {
  const organiser = await organiserAccount(request);
  const own = await createOwnEvent(request, organiser, 'Certified', [
    { participationName: 'Solo', price: 0, minRange: 1, maxRange: 1 },
  ]);
  const participant = await createVerifiedAccount(request, {
    first_name: 'Neville',
    last_name: 'Longbottom',
  });
  const registered = await registerFree(request, participant, own.event.id, own.event.participations[0]!.id);
  expect(registered.status(), await registered.text()).toBe(201);

  try {
    // The organiser: this event's participation, counted by registration, then issued.
    await signIn(page, organiser);
    await page.goto('/admin/certificates');
    await page
      .getByLabel('Certificates for')
      .selectOption({ label: `Participation: ${own.event.name} (${own.event.name.replace(' Trial', '')})` });
    await page.getByLabel(`Who took part in ${own.event.name}`).selectOption('registration');
    const counts = page.getByTestId('certificate-counts');
    await expect(counts).toHaveText('1 person eligible, 0 issued, 1 to issue.');
    await expectInsideScreen(page, '/admin/certificates');
    await page.getByRole('button', { name: 'Issue certificates' }).click();
    await expect(page.getByRole('group', { name: 'Confirm issuing' })).toContainText(
      'Issue 1 certificate and mail each person once?',
    );
    await page.getByRole('button', { name: 'Yes, issue' }).click();
    await expect(page.getByText('Issued 1 certificate.')).toBeVisible();
    await expect(counts).toHaveText('1 person eligible, 1 issued, 0 to issue.');

    // The participant finds it on their profile and downloads the PDF.
    const mine = await browser.newContext({ viewport: { width: phoneWidths[1], height: phoneHeight } });
    const participantPage = await mine.newPage();
    await signIn(participantPage, participant);
    await participantPage.goto('/profile');
    const section = participantPage.getByRole('region', { name: 'Your certificates' });
    await expect(section).toContainText(`Participation in ${own.event.name}`);
    const download = await section.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
    const pdf = await participantPage.request.get(download!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const verifyPath = await section.getByRole('link', { name: 'Verify page' }).getAttribute('href');
    expect(verifyPath).toMatch(/^\/certificates\/[A-Za-z0-9_-]{22}$/);
    await mine.close();

    // A stranger, signed out, opens the QR code's page.
    const stranger = await browser.newContext({ viewport: { width: phoneWidths[0], height: phoneHeight } });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(verifyPath!);
    const status = strangerPage.getByRole('region', { name: 'Certificate status' });
    await expect(status).toContainText('Valid');
    await expect(strangerPage.getByText('Neville Longbottom')).toBeVisible();
    await expect(strangerPage.getByText(`Participation in ${own.event.name}`)).toBeVisible();
    await expect(strangerPage.locator('body')).not.toContainText(participant.email);
    await expectInsideScreen(strangerPage, '/certificates/{id}');

    // The organiser revokes it; the stranger's next look says so, with the reason.
    const issued = page.getByRole('list', { name: 'Issued certificates' });
    await issued
      .getByLabel('Reason to revoke the certificate of Neville Longbottom')
      .fill('Issued by mistake');
    await issued.getByRole('button', { name: 'Revoke' }).click();
    await expect(issued).toContainText('revoked');
    await strangerPage.reload();
    await expect(status).toContainText('Revoked');
    await expect(status).toContainText('Reason: Issued by mistake');
    await stranger.close();
  } finally {
    await own.hide();
  }
});

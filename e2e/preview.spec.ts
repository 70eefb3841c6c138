import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, organiserAccount, outboxFor, signIn, uniqueEmail } from './support/accounts';
import { skipSplash } from './support/splash';

/*
 * The end-to-end server runs as a preview deployment (PREVIEW=true in playwright.config.ts): every page
 * carries the Preview mark, the sandbox takes payments, and the outbox is the organisers' alone. The
 * same production build without PREVIEW, SMTP or Razorpay keys must refuse to start.
 */

test.describe('a preview deployment', () => {
  test('every page carries the Preview mark', async ({ page }) => {
    await skipSplash(page);
    for (const path of ['/', '/event', '/login']) {
      await page.goto(path);
      await expect(
        page.getByRole('note').filter({ hasText: 'Preview: no real payments or mail' }),
      ).toBeVisible();
    }
  });

  test('the outbox is refused to a participant and open to an organiser', async ({ page, request }) => {
    const participant = await createVerifiedAccount(request);
    // The browser context has no cookie yet (the `request` fixture keeps the participant's login cookie).
    const signedOut = await page.request.get('/api/dev/mail');
    expect(signedOut.status()).toBe(401);
    const asParticipant = await request.get('/api/dev/mail', {
      headers: { authorization: `Bearer ${participant.token}` },
    });
    expect(asParticipant.status()).toBe(403);
    expect(await asParticipant.text()).not.toContain(participant.email);

    await signIn(page, participant);
    await page.goto('/dev/mail');
    await expect(page).toHaveURL(/\/unauthorized$/);

    const organiser = await organiserAccount(request);
    await page.context().clearCookies();
    await signIn(page, organiser);
    await page.goto('/dev/mail');
    await expect(page.getByRole('heading', { name: 'Mail outbox' })).toBeVisible();
    await expect(page.getByTestId('mail-to').filter({ hasText: participant.email }).first()).toBeVisible();
  });

  test('a sign-up code shows in the browser that signed up, and in no other', async ({
    page,
    browser,
    request,
  }) => {
    const octet = () => Math.floor(Math.random() * 254) + 1;
    const headers = { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` };
    const fields = {
      first_name: 'Luna',
      last_name: 'Lovegood',
      phone_number: '9876543210',
      DOB: '2000-03-05',
      gender: 'female',
      Clg: 'Gandhinagar Institute of Magic',
      email: uniqueEmail('luna'),
      password: 'quibbler7',
    };
    // This page's browser signs up (page.request shares its cookies); the answer carries no code.
    const signedUp = await page.request.post('/api/register', { data: fields, headers });
    expect(signedUp.status()).toBe(201);
    expect(await signedUp.json()).toEqual({
      message: 'Registration Successful, Kindly Verify with OTP sent to your mail',
      data: { email: fields.email },
    });
    let code = '';
    await expect
      .poll(async () => {
        code = (await outboxFor(request, fields.email))[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
        return code;
      })
      .toMatch(/^\d{6}$/);

    // The code screen as the registration screen hands it over.
    const handOver = (tab: Page) =>
      tab.addInitScript((state) => window.sessionStorage.setItem('nav-state:/otp', JSON.stringify(state)), {
        email: fields.email,
        sentAt: Date.now(),
      });
    await handOver(page);
    await page.goto('/otp');
    await expect(page.getByTestId('preview-code')).toContainText(code);

    // Another browser with the same e-mail on its code screen is shown nothing.
    const other = await browser.newContext();
    try {
      const tab = await other.newPage();
      await handOver(tab);
      const asked = tab.waitForResponse((answer) => answer.url().includes('/api/preview-code'));
      await tab.goto(new URL('/otp', page.url()).href);
      expect(((await (await asked).json()) as { data: unknown }).data).toEqual({ code: null });
      await expect(tab.getByText(fields.email)).toBeVisible();
      await expect(tab.getByTestId('preview-code')).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('the payment sandbox serves its checkout', async ({ request }) => {
    const script = await request.get('/sandbox/razorpay/v1/checkout.js');
    expect(script.status()).toBe(200);
    expect(await script.text()).toContain('Razorpay');
  });
});

/** Starts the production build with `env` (and nothing else) and answers its exit code and output. */
async function startAndWaitForExit(env: Record<string, string>) {
  const server = spawn('node_modules/.bin/next', ['start', '-p', String(3190 + (process.pid % 9))], {
    env: {
      NODE_ENV: 'production',
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      ...env,
    },
    detached: true,
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exitCode = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 60_000);
    server.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  if (exitCode === null && server.pid) process.kill(-server.pid, 'SIGKILL');
  return { exitCode, output };
}

const secret = 'e2e-secret-that-is-long-enough-for-hs256-signing';

test('the production build refuses to start without SMTP and Razorpay keys, naming them', async () => {
  test.setTimeout(90_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-refuse-'));
  const { exitCode, output } = await startAndWaitForExit({ DATA_DIR: dataDir, JWT_SECRET: secret });
  fs.rmSync(dataDir, { recursive: true, force: true });
  expect(exitCode, output).not.toBeNull();
  expect(exitCode).not.toBe(0);
  expect(output).toContain('SMTP_URL');
  expect(output).toContain('RAZORPAY_KEY_ID');
  expect(output).toContain('PREVIEW=true');
});

test('a server whose DATA_DIR cannot be written stops at start, naming DATA_DIR and the cause', async () => {
  test.setTimeout(90_000);
  // A file where the folder should be: unwritable even for root, who ignores a read-only mode.
  const notAFolder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'festival-data-')), 'data');
  fs.writeFileSync(notAFolder, 'not a folder');
  const { exitCode, output } = await startAndWaitForExit({
    DATA_DIR: notAFolder,
    JWT_SECRET: secret,
    PREVIEW: 'true',
  });
  fs.rmSync(path.dirname(notAFolder), { recursive: true, force: true });
  expect(exitCode, output).not.toBeNull();
  expect(exitCode).not.toBe(0);
  expect(output).toContain(`DATA_DIR (${notAFolder}) is not a writable folder (EEXIST)`);
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { GET as deployment } from '@/app/api/deployment/route';
import { GET as outbox } from '@/app/api/dev/mail/route';
import { GET as sandboxGet, POST as sandboxPost } from '@/app/sandbox/razorpay/v1/[...path]/route';
import {
  missingProductionServices,
  outboxReaders,
  requireProductionServices,
  sandboxIsOpen,
} from '@/lib/server/dev-conveniences';
import { isPreview, resetEnvForTests } from '@/lib/server/env';
import { call } from '../support/api';
import { quickUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-db';

/*
 * A production server must not run its development conveniences: the outbox (every code and pass) and the
 * payment sandbox exist in production only on an explicit preview, and the outbox is then for organisers.
 */

function runAs(variables: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  resetEnvForTests();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

const liveServices = {
  SMTP_URL: 'smtp://mail.example.com:587',
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'hook-secret',
};

describe('which deployment is a preview', () => {
  it('PREVIEW=true, or the hosting platform’s preview signal unless PREVIEW=false overrides it', () => {
    runAs({ PREVIEW: 'true' });
    expect(isPreview()).toBe(true);
    runAs({ PREVIEW: undefined, VERCEL_ENV: 'preview' });
    expect(isPreview()).toBe(true);
    runAs({ PREVIEW: undefined, VERCEL_ENV: 'production', CONTEXT: 'deploy-preview' });
    expect(isPreview()).toBe(true);
    runAs({ PREVIEW: 'false', VERCEL_ENV: 'preview', CONTEXT: undefined });
    expect(isPreview()).toBe(false);
    runAs({ PREVIEW: undefined, VERCEL_ENV: 'production', CONTEXT: 'production' });
    expect(isPreview()).toBe(false);
  });
});

describe('the Preview mark’s question', () => {
  it('answers whether this deployment is a preview, cacheable by everyone for five minutes', async () => {
    runAs({ NODE_ENV: 'production', PREVIEW: 'true' });
    const asPreview = await call(deployment);
    expect(asPreview.status).toBe(200);
    expect(asPreview.body.data).toEqual({ preview: true });
    expect(asPreview.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=300');

    runAs({ NODE_ENV: 'production', PREVIEW: 'false', ...liveServices });
    expect((await call(deployment)).body.data).toEqual({ preview: false });
  });
});

describe('a production server without real mail and payments', () => {
  it('refuses to start, naming every missing variable', () => {
    runAs({ NODE_ENV: 'production', PREVIEW: undefined, SMTP_URL: undefined, RAZORPAY_KEY_ID: undefined });
    expect(missingProductionServices()).toEqual([
      'SMTP_URL',
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
    ]);
    expect(() => requireProductionServices()).toThrow(
      /set SMTP_URL, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET.*PREVIEW=true/s,
    );
  });

  it('starts with them, and then has neither outbox nor sandbox', () => {
    runAs({ NODE_ENV: 'production', PREVIEW: undefined, ...liveServices });
    expect(() => requireProductionServices()).not.toThrow();
    expect(outboxReaders()).toBe('nobody');
    expect(sandboxIsOpen()).toBe(false);
  });

  it('starts as a preview, with the outbox for organisers and the sandbox open', () => {
    runAs({ NODE_ENV: 'production', PREVIEW: 'true', SMTP_URL: undefined, RAZORPAY_KEY_ID: undefined });
    expect(() => requireProductionServices()).not.toThrow();
    expect(outboxReaders()).toBe('organisers');
    expect(sandboxIsOpen()).toBe(true);
  });

  it('keeps both open to anyone in development', () => {
    runAs({ NODE_ENV: 'development', PREVIEW: undefined, SMTP_URL: undefined, RAZORPAY_KEY_ID: undefined });
    expect(outboxReaders()).toBe('anyone');
    expect(sandboxIsOpen()).toBe(true);
    expect(missingProductionServices()).toEqual([]);
  });
});

describeEachDatabase('the outbox and the sandbox over HTTP', (current) => {
  const db = () => current().db;

  it('a preview’s outbox answers organisers only: 401 signed out, 403 for a participant', async () => {
    runAs({ NODE_ENV: 'production', PREVIEW: 'true', SMTP_URL: undefined });
    const participant = await quickUser(db());
    const organiser = await quickUser(db(), { role: 'organiser' });

    const signedOut = await call(outbox, { query: '?to=someone@example.com' });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).not.toHaveProperty('data');
    const asParticipant = await call(outbox, { token: participant.token });
    expect(asParticipant.status).toBe(403);
    expect(asParticipant.body.message).toBe('Only organisers can read the outbox of a preview.');
    const asOrganiser = await call(outbox, { token: organiser.token });
    expect(asOrganiser.status).toBe(200);
    expect(Array.isArray(asOrganiser.body.data)).toBe(true);
  });

  it('a production site that is not a preview has no outbox and no sandbox (404)', async () => {
    runAs({ NODE_ENV: 'production', PREVIEW: 'false', SMTP_URL: undefined, RAZORPAY_KEY_ID: undefined });
    const organiser = await quickUser(db(), { role: 'organiser' });
    expect((await call(outbox, { token: organiser.token })).status).toBe(404);

    const pay = new Request('http://localhost/sandbox/razorpay/v1/checkout/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'order_anything', outcome: 'success' }),
    });
    expect((await sandboxPost(pay)).status).toBe(404);
    const script = await sandboxGet(new Request('http://localhost/sandbox/razorpay/v1/checkout.js'));
    expect(script.status).toBe(404);
  });

  it('a preview’s sandbox serves its checkout', async () => {
    runAs({ NODE_ENV: 'production', PREVIEW: 'true', RAZORPAY_KEY_ID: undefined });
    const script = await sandboxGet(new Request('http://localhost/sandbox/razorpay/v1/checkout.js'));
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('Razorpay');
  });
});

import { afterEach, beforeEach, expect, it } from 'vitest';
import { GET as metricsRoute } from '@/app/api/metrics/route';
import { mailOutbox, webhookEvents } from '@/lib/server/db/schema';
import { resetEnvForTests } from '@/lib/server/env';
import { forgetFestivalState } from '@/lib/server/metrics/database-gauges';
import { call } from '../support/api';
import { openTeeOrder, paidTeeOrder } from '../support/shop';
import { describeEachDatabase } from '../support/test-db';

/*
 * GET /api/metrics as Prometheus reads it: only with the token, in the text format, and with figures that
 * move with what happens on the site (a purchase, a hold, mail waiting, a captured payment not acted on).
 */

const token = 'metrics-token-that-is-long-enough';

/** The value of one sample of the exposition text (labels in any order), or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[3] ?? '').matchAll(/([a-zA-Z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[4]);
  }
  return undefined;
}

async function scrape(): Promise<string> {
  forgetFestivalState();
  const response = await metricsRoute(
    new Request('http://localhost/api/metrics', { headers: { authorization: `Bearer ${token}` } }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

describeEachDatabase('the metrics endpoint', (current, kind) => {
  beforeEach(() => {
    process.env.METRICS_TOKEN = token;
    resetEnvForTests();
  });
  afterEach(() => {
    delete process.env.METRICS_TOKEN;
    resetEnvForTests();
  });

  it('does not exist without METRICS_TOKEN, and refuses a caller without the token', async () => {
    delete process.env.METRICS_TOKEN;
    resetEnvForTests();
    const off = await call(metricsRoute, { method: 'GET' });
    expect(off.status).toBe(404);
    expect(off.body.message).toBe('Metrics are off: set METRICS_TOKEN to enable them.');
    process.env.METRICS_TOKEN = token;
    resetEnvForTests();
    const anonymous = await call(metricsRoute, { method: 'GET' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('A valid metrics token is required.');
    const wrong = await call(metricsRoute, { method: 'GET', token: `${token}x` });
    expect(wrong.status).toBe(401);
  });

  it('counts a purchase from its order to its settlement, and its hold while open', async () => {
    const before = await scrape();
    const merchandise = (outcome: string) => ({ purpose: 'merchandise', outcome });
    const count = (text: string, outcome: string) =>
      sample(text, 'festival_payments_total', merchandise(outcome)) ?? 0;
    const holds = (text: string) => sample(text, 'festival_holds_open', { kind: 'merchandise_variant' }) ?? 0;

    await openTeeOrder(current().db, { name: 'Metrics tee (open)', stock: 3 });
    const open = await scrape();
    expect(count(open, 'created') - count(before, 'created')).toBe(1);
    expect(holds(open) - holds(before)).toBe(1);
    expect(count(open, 'captured')).toBe(count(before, 'captured'));

    await paidTeeOrder(current().db, { name: 'Metrics tee (paid)', stock: 3 });
    const paid = await scrape();
    expect(count(paid, 'created') - count(open, 'created')).toBe(1);
    expect(count(paid, 'captured') - count(open, 'captured')).toBe(1);
    expect(count(paid, 'settled') - count(open, 'settled')).toBe(1);
    // The paid order's hold became a sale: only the open order still holds a unit.
    expect(holds(paid)).toBe(holds(open));
    // Its confirmation mail went to the outbox (the tests' mail is kept, as a preview's is).
    const kept = (text: string) => sample(text, 'festival_mail_total', { outcome: 'kept' }) ?? 0;
    expect(kept(paid) - kept(open)).toBe(1);
  });

  it('reports mail waiting in the outbox and captured payments not yet acted on, with their age', async () => {
    const before = await scrape();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await current().db.insert(mailOutbox).values({
      to: 'late@example.com',
      subject: 'Late',
      text: 'Late',
      state: 'pending',
      createdAt: tenMinutesAgo,
    });
    await current()
      .db.insert(webhookEvents)
      .values({
        providerEventId: `evt_metrics_${kind}_${Date.now()}`,
        eventType: 'payment.captured',
        receivedAt: new Date(Date.now() - 15 * 60_000),
      });
    const after = await scrape();
    expect(sample(after, 'festival_database_up')).toBe(1);
    expect(sample(after, 'festival_mail_outbox_pending')).toBe(
      (sample(before, 'festival_mail_outbox_pending') ?? 0) + 1,
    );
    expect(sample(after, 'festival_mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(600);
    expect(sample(after, 'festival_payments_unsettled')).toBe(
      (sample(before, 'festival_payments_unsettled') ?? 0) + 1,
    );
    expect(sample(after, 'festival_payments_unsettled_oldest_seconds')).toBeGreaterThanOrEqual(900);
  });

  it('has the runtime figures: event-loop lag, and on PostgreSQL the pool', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (kind === 'postgres') {
      expect(sample(text, 'festival_db_pool_max')).toBeGreaterThan(0);
      expect(sample(text, 'festival_db_pool_waiting')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'festival_db_pool_waits_total')).toBeGreaterThanOrEqual(0);
    } else {
      // The embedded database has no pool.
      expect(sample(text, 'festival_db_pool_max')).toBe(0);
    }
  });
});

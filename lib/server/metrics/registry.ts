import client from 'prom-client';
import { cacheLookupsSoFar } from '@/lib/cache/cache-lookups';
import { paymentPurposes } from '@/lib/server/db/schema';
import { registerDatabaseGauges } from './database-gauges';
import { registerPoolMetrics } from './pool';

/**
 * The process's metrics in Prometheus's format (prom-client), read at GET /api/metrics (route.ts there).
 *
 * One set per process, kept on globalThis: Next loads a module once per route bundle, and every bundle must
 * count into the same counters. Labels are bounded by construction: a route is its pattern
 * (route-patterns.ts), a status its code, a purchase one of three, an outcome one of a fixed list; never an
 * id, an address or an e-mail. The figures that describe the whole festival rather than this process (the
 * mail outbox, payments waiting, holds, offers) are read from the database at scrape time
 * (database-gauges.ts), so every instance reports the same value: alert rules take their max.
 */

/** What can happen to a payment, in the order it usually does (docs/operations.md says what each means). */
export const paymentOutcomes = [
  'created',
  'captured',
  'settled',
  'refunded',
  'stranded',
  'failed',
  'expired',
] as const;
export type PaymentOutcome = (typeof paymentOutcomes)[number];
export type PaymentPurpose = (typeof paymentPurposes)[number];

/** What became of a mail's delivery attempt (docs/operations.md). */
export const mailOutcomes = ['sent', 'retried', 'failed', 'expired', 'kept'] as const;
export type MailOutcome = (typeof mailOutcomes)[number];

/** What became of a push's delivery attempt (docs/announcements.md). */
export const pushOutcomes = ['delivered', 'retried', 'failed', 'gone'] as const;
export type PushOutcomeLabel = (typeof pushOutcomes)[number];

/** Seconds; from a cached page (a few ms) to a slow settlement or a PDF under load. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function createMetrics() {
  const registry = new client.Registry();
  // Process and runtime figures, event-loop lag among them (nodejs_eventloop_lag_seconds and its
  // percentiles), under their usual names so ready-made Node.js dashboards read them.
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const httpRequests = new client.Counter({
    name: 'festival_http_requests_total',
    help: 'Requests answered, by method, route pattern and status code (aborted: the client left first).',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new client.Histogram({
    name: 'festival_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });
  const payments = new client.Counter({
    name: 'festival_payments_total',
    help: 'Payments by purchase and outcome: created, captured, settled, refunded, stranded, failed, expired.',
    labelNames: ['purpose', 'outcome'] as const,
    registers: [registry],
  });
  // Every pair at 0 from the start: rate() and increase() need a series before its first event.
  for (const purpose of paymentPurposes) {
    for (const outcome of paymentOutcomes) payments.labels(purpose, outcome).inc(0);
  }
  const mail = new client.Counter({
    name: 'festival_mail_total',
    help:
      'Mail delivery attempts by outcome: sent to the SMTP server, retried later, failed for good, expired ' +
      'unsent, or kept in the preview outbox.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of mailOutcomes) mail.labels(outcome).inc(0);
  const push = new client.Counter({
    name: 'festival_push_total',
    help:
      'Push delivery attempts by outcome: accepted by the push service, retried later, failed for good, or ' +
      'gone (the device unsubscribed; it is forgotten).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of pushOutcomes) push.labels(outcome).inc(0);
  // Counted by the cache handler into plain numbers (lib/cache/cache-lookups.ts), added here when scraped.
  const cacheCounted = { memory: 0, database: 0, miss: 0 };
  new client.Counter({
    name: 'festival_shared_cache_lookups_total',
    help: "The shared page cache's lookups: a hit in this process's memory, a hit in the database, a miss.",
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      const now = cacheLookupsSoFar();
      for (const result of ['memory', 'database', 'miss'] as const) {
        this.labels(result).inc(now[result] - cacheCounted[result]);
        cacheCounted[result] = now[result];
      }
    },
  });
  registerPoolMetrics(registry);
  registerDatabaseGauges(registry);

  return { registry, httpRequests, httpDuration, payments, mail, push };
}

export type FestivalMetrics = ReturnType<typeof createMetrics>;

const key = Symbol.for('festival.metrics');
const holder = globalThis as typeof globalThis & { [key]?: FestivalMetrics };

/** The process's metrics, made on first use. */
export function metrics(): FestivalMetrics {
  holder[key] ??= createMetrics();
  return holder[key];
}

/** Counts one mail's delivery attempt. */
export function countMail(outcome: MailOutcome): void {
  metrics().mail.labels(outcome).inc();
}

/** Counts push delivery attempts of one outcome. */
export function countPush(outcome: PushOutcomeLabel, count = 1): void {
  if (count > 0) metrics().push.labels(outcome).inc(count);
}

/** Counts one step of a payment (see paymentOutcomes). */
export function countPayment(purpose: PaymentPurpose, outcome: PaymentOutcome, count = 1): void {
  if (count > 0) metrics().payments.labels(purpose, outcome).inc(count);
}

import client from 'prom-client';
import { sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db';
import { queryRows } from '@/lib/server/db/client';
import { now } from '@/lib/server/clock';
import { inventoryKinds } from '@/lib/schemas/inventory';
import { logger } from '@/lib/server/log';
import { withinTime } from '@/lib/server/within-time';
import type { FestivalMetrics } from './registry';

/**
 * The festival's queues, read from the database when Prometheus scrapes: the same figures on every
 * instance (alert rules take their max). One round trip of counts on indexed columns, kept a few seconds
 * so that two scrapes close together (two Prometheus servers, a person's curl) cost one.
 */

export interface FestivalState {
  /** Mail waiting for the SMTP server (state pending), and how long the oldest has waited, in seconds. */
  mailPending: number;
  mailOldestSeconds: number;
  /** Mail given up on after its retries. */
  mailFailed: number;
  /** Pushes waiting for a push service (announcements, reminders), and the oldest's wait, in seconds. */
  pushPending: number;
  pushOldestSeconds: number;
  /**
   * Payments the site knows were captured but has not yet fulfilled or refunded: a captured payment's
   * webhook received and not acted on, a refund decided and not yet made, an order marked paid and not
   * fulfilled. A payment whose browser and webhook were both lost is unknown here until reconciliation
   * asks the provider; it is counted then as `stranded` (festival_payments_total).
   */
  paymentsUnsettled: number;
  paymentsUnsettledOldestSeconds: number;
  /** Open holds (units kept for an unpaid order or an offer) and open offers, by kind of item. */
  holdsOpen: Record<string, number>;
  offersOpen: Record<string, number>;
  peopleWaiting: Record<string, number>;
}

const numberOf = (value: unknown) => Number(value ?? 0) || 0;

function byKind(rows: { kind: string; count: unknown }[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(inventoryKinds.map((kind) => [kind, 0]));
  for (const row of rows) counts[row.kind] = numberOf(row.count);
  return counts;
}

/** Reads the festival's queues now. */
export async function readFestivalState(db: Db): Promise<FestivalState> {
  const at = now();
  // Dates go as text: the drivers bind a raw statement's parameters without drizzle's column types.
  const atText = at.toISOString();
  const [totals] = await queryRows<Record<string, unknown>>(
    db,
    // Each set of rows is read once: the pending mail for its count and its oldest, the captured payments
    // still to settle (three kinds of row, one union) for theirs.
    sql`select mail.pending as mail_pending, mail.oldest as mail_oldest,
        (select count(*) from mail_outbox where state = 'failed') as mail_failed,
        push.pending as push_pending, push.oldest as push_oldest,
        waiting.count as unsettled, waiting.oldest as unsettled_oldest
      from (select count(*) as pending, min(created_at) as oldest from mail_outbox where state = 'pending') mail,
        (select count(*) as pending, min(created_at) as oldest from push_queue where state = 'pending') push,
        (select count(*) as count, min(since) as oldest from (
          select received_at as since from webhook_events
            where processed_at is null and event_type in ('payment.captured', 'order.paid')
          union all select created_at from payment_refunds where refunded_at is null
          union all select coalesce(paid_at, created_at) from payment_orders where state = 'paid'
        ) captured) waiting`,
  );
  const holds = await queryRows<{ kind: string; count: unknown }>(
    db,
    sql`select kind, count(*) as count from stock_holds
      where released_at is null and converted_at is null and expires_at > ${atText}::timestamptz
      group by kind`,
  );
  const lists = await queryRows<{ kind: string; status: string; count: unknown }>(
    db,
    sql`select kind, status, count(*) as count from waiting_list_entries
      where status = 'waiting' or (status = 'offered' and offer_expires_at > ${atText}::timestamptz)
      group by kind, status`,
  );
  const ageOf = (value: unknown) =>
    value ? Math.max(0, (at.getTime() - new Date(value as string | Date).getTime()) / 1000) : 0;
  return {
    mailPending: numberOf(totals?.mail_pending),
    mailOldestSeconds: ageOf(totals?.mail_oldest),
    mailFailed: numberOf(totals?.mail_failed),
    pushPending: numberOf(totals?.push_pending),
    pushOldestSeconds: ageOf(totals?.push_oldest),
    paymentsUnsettled: numberOf(totals?.unsettled),
    paymentsUnsettledOldestSeconds: ageOf(totals?.unsettled_oldest),
    holdsOpen: byKind(holds),
    offersOpen: byKind(lists.filter((row) => row.status === 'offered')),
    peopleWaiting: byKind(lists.filter((row) => row.status === 'waiting')),
  };
}

/** How long one reading serves scrapes, and how long a reading may take before it counts as failed. */
const freshForMs = 5_000;
const readTimeoutMs = 2_000;

interface Reading {
  at: number;
  state: Promise<FestivalState | null>;
}

let last: Reading | undefined;

/** The latest reading, taken afresh when older than freshForMs; null when the database did not answer. */
function currentState(): Promise<FestivalState | null> {
  const at = Date.now();
  if (last && at - last.at < freshForMs) return last.state;
  const state = withinTime(
    getDb().then((db) => readFestivalState(db)),
    readTimeoutMs,
  ).catch((error: unknown) => {
    logger.warn({ err: error }, "metrics: the festival's queues could not be read");
    return null;
  });
  last = { at, state };
  return state;
}

/** Forgets the last reading (tests read twice in a row). */
export function forgetFestivalState(): void {
  last = undefined;
}

/** A gauge whose value comes from the current reading; left as it was when the database did not answer. */
function stateGauge(
  registry: FestivalMetrics['registry'],
  name: string,
  help: string,
  value: (state: FestivalState) => number,
): void {
  new client.Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      const state = await currentState();
      if (state) this.set(value(state));
    },
  });
}

/** A gauge per kind of item from the current reading. */
function kindGauge(
  registry: FestivalMetrics['registry'],
  name: string,
  help: string,
  value: (state: FestivalState) => Record<string, number>,
): void {
  new client.Gauge({
    name,
    help,
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const state = await currentState();
      if (!state) return;
      for (const [kind, count] of Object.entries(value(state))) this.labels(kind).set(count);
    },
  });
}

/** Registers the festival's queue gauges and whether the database answered the last reading. */
export function registerDatabaseGauges(registry: FestivalMetrics['registry']): void {
  new client.Gauge({
    name: 'festival_database_up',
    help: "Whether the database answered the metrics' last reading of the festival's queues (1) or not (0).",
    registers: [registry],
    async collect() {
      this.set((await currentState()) ? 1 : 0);
    },
  });
  stateGauge(
    registry,
    'festival_mail_outbox_pending',
    'Mails waiting for the SMTP server.',
    (s) => s.mailPending,
  );
  stateGauge(
    registry,
    'festival_mail_outbox_oldest_pending_seconds',
    'How long the oldest mail waiting for the SMTP server has waited (0: none waits).',
    (s) => s.mailOldestSeconds,
  );
  stateGauge(
    registry,
    'festival_mail_outbox_failed',
    'Mails given up on after every retry.',
    (s) => s.mailFailed,
  );
  stateGauge(
    registry,
    'festival_push_queue_pending',
    'Pushes (announcements, reminders) waiting for a push service.',
    (s) => s.pushPending,
  );
  stateGauge(
    registry,
    'festival_push_queue_oldest_pending_seconds',
    'How long the oldest push waiting for a push service has waited (0: none waits).',
    (s) => s.pushOldestSeconds,
  );
  stateGauge(
    registry,
    'festival_payments_unsettled',
    'Payments known to be captured and not yet fulfilled or refunded.',
    (s) => s.paymentsUnsettled,
  );
  stateGauge(
    registry,
    'festival_payments_unsettled_oldest_seconds',
    'How long the oldest captured payment has waited to be fulfilled or refunded (0: none waits).',
    (s) => s.paymentsUnsettledOldestSeconds,
  );
  kindGauge(
    registry,
    'festival_holds_open',
    "Units kept for an unpaid order or a waiting list's offer, by kind of item.",
    (s) => s.holdsOpen,
  );
  kindGauge(
    registry,
    'festival_waiting_list_offers_open',
    'Waiting-list offers made and not yet taken, declined or lapsed, by kind of item.',
    (s) => s.offersOpen,
  );
  kindGauge(
    registry,
    'festival_waiting_list_people_waiting',
    'People waiting in a waiting list, by kind of item.',
    (s) => s.peopleWaiting,
  );
}

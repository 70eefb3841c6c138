import 'server-only';
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db';
import { preparedOn } from '@/lib/server/db/prepared';
import { queryRows } from '@/lib/server/db/client';
import { paymentOrders, webhookEvents } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { assertNoNul } from '@/lib/server/http/handler';
import { logger } from '@/lib/server/log';
import { now } from '@/lib/server/clock';
import { paymentProvider } from './provider';
import type { RazorpayPayment } from './razorpay-client';
import { connectSandboxWebhooks } from './sandbox/webhooks';
import { markFailed, settleOrder } from './settle';
import { isValidWebhookSignature } from './signatures';

/*
 * Provider webhooks: checked against the webhook secret, recorded per provider event id, and acted on
 * before the provider is answered. An event counts as done only once acted on (`processed_at`), so a
 * provider's redelivery of an event whose processing failed (the database, the provider, a crash) is
 * processed, not ignored; the route answers 2xx only for what is done or needs nothing.
 */

interface WebhookEnvelope {
  event?: string;
  payload?: { payment?: { entity?: RazorpayPayment } };
}

export interface AcceptedWebhook {
  /** Already acted on: acknowledged and ignored. */
  duplicate: boolean;
  /** Nothing (more) to do: a duplicate, or new but about a payment its order is already settled with. */
  settled: boolean;
  eventId: string;
  event: string;
  payment?: RazorpayPayment;
}

/** Verifies, parses and records a webhook. An event acted on before is reported as a duplicate. */
export async function acceptWebhook(
  db: Db,
  input: { rawBody: string; signature: string | null; eventId: string | null },
): Promise<AcceptedWebhook> {
  if (
    !input.signature ||
    !isValidWebhookSignature(input.rawBody, input.signature, paymentProvider().webhookSecret)
  ) {
    throw new AppError('unauthenticated', 'The webhook signature is invalid.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.rawBody);
  } catch {
    throw new AppError('invalid_input', 'The webhook body is not JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AppError('invalid_input', 'The webhook body is not a JSON object.');
  }
  assertNoNul(parsed);
  const envelope = parsed as WebhookEnvelope;
  const event = typeof envelope.event === 'string' ? envelope.event : 'unknown';
  const eventId = input.eventId ?? crypto.createHash('sha256').update(input.rawBody).digest('hex');
  const payment = paymentOf(envelope);
  // Recorded, or found recorded before, in one round trip: the first part answers a new row, the second
  // (which cannot see that row) an earlier one. A new event about a payment its order is already settled
  // with (the second of a payment's two webhooks, or one arriving after the browser's confirmation) is
  // recorded as processed at once: acting on it would change nothing (see settledWith and markFailed).
  const settledAt = payment
    ? sql`(select ${now().toISOString()}::timestamptz from ${paymentOrders}
          where ${paymentOrders.providerOrderId} = ${payment.order_id}
            and ${paymentOrders.providerPaymentId} = ${payment.id}
            and ${paymentOrders.state} in ('fulfilled', 'refunded'))`
    : sql`null::timestamptz`;
  const [recorded] = await queryRows<{ processed_at: unknown; fresh: boolean }>(
    db,
    sql`with inserted as (
          insert into ${webhookEvents} (provider_event_id, event_type, processed_at)
          values (${eventId}, ${event}, ${settledAt})
          on conflict do nothing
          returning processed_at)
        select processed_at, true as fresh from inserted
        union all
        select processed_at, false as fresh from ${webhookEvents} where provider_event_id = ${eventId}`,
  );
  const processed = Boolean(recorded?.processed_at);
  return {
    duplicate: processed && !recorded?.fresh,
    settled: processed,
    eventId,
    event,
    payment,
  };
}

/** The payment a webhook is about, when it names one with string ids (anything else is not ours to act on). */
function paymentOf(envelope: WebhookEnvelope): RazorpayPayment | undefined {
  const payment = envelope.payload?.payment?.entity;
  if (!payment || typeof payment !== 'object') return undefined;
  return typeof payment.id === 'string' && typeof payment.order_id === 'string' ? payment : undefined;
}

/**
 * Whether a failure is the request's (the payment does not fit the order: acting again gives the same
 * answer) rather than a passing fault (database, provider, a bug) that a redelivery may get past.
 */
function isFinal(error: unknown): boolean {
  return error instanceof AppError && error.code !== 'unavailable';
}

/** The order a webhook's payment names, built once: every webhook asks it. */
const orderByProviderId = preparedOn((db) =>
  db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.providerOrderId, sql.placeholder('providerOrderId')))
    .prepare('orderByProviderId'),
);

/** Marks an event done, built once: every webhook that had something to do ends with it. */
const markProcessed = preparedOn((db) =>
  db
    .update(webhookEvents)
    .set({ processedAt: sql`${sql.placeholder('at')}::timestamptz` })
    .where(eq(webhookEvents.providerEventId, sql.placeholder('eventId')))
    .prepare('markWebhookProcessed'),
);

/**
 * Acts on an accepted webhook and then marks it processed. A passing fault is thrown, leaving the event
 * unprocessed for the provider's redelivery (and reconciliation); a final refusal is logged and marked.
 */
export async function processWebhook(db: Db, webhook: AcceptedWebhook): Promise<void> {
  if (webhook.settled) return;
  const orderId = webhook.payment?.order_id;
  const [order] = orderId ? await orderByProviderId(db).execute({ providerOrderId: orderId }) : [];
  if (order && webhook.payment) {
    try {
      if (webhook.event === 'payment.captured' || webhook.event === 'order.paid') {
        await settleOrder(db, order.id, webhook.payment.id, order);
      } else if (webhook.event === 'payment.failed') {
        await markFailed(db, order.id, webhook.payment.error_description ?? 'payment failed');
      }
    } catch (error) {
      if (!isFinal(error)) throw error;
      logger.warn({ err: error, orderId: order.id, event: webhook.event }, 'webhook refused for its order');
    }
  }
  await markProcessed(db).execute({ eventId: webhook.eventId, at: now().toISOString() });
}

/** Accept and process in one go: the webhook route and the sandbox's in-process delivery. */
export async function receiveWebhook(
  db: Db,
  input: { rawBody: string; signature: string | null; eventId: string | null },
): Promise<AcceptedWebhook> {
  const accepted = await acceptWebhook(db, input);
  await processWebhook(db, accepted);
  return accepted;
}

/** Hands the sandbox this app's webhook handling: called once at start-up, and by the test setup. */
export function connectSandboxToApp(): void {
  connectSandboxWebhooks(async (webhook) => receiveWebhook(await getDb(), webhook));
}

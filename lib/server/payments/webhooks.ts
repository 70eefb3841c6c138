import 'server-only';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db';
import { paymentOrders, webhookEvents } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { logger } from '@/lib/server/log';
import { paymentProvider } from './provider';
import type { RazorpayPayment } from './razorpay-client';
import { connectSandboxWebhooks } from './sandbox/webhooks';
import { markFailed, settleOrder } from './settle';
import { isValidWebhookSignature } from './signatures';

/*
 * Provider webhooks: checked against the webhook secret, recorded once per provider event id, then
 * used to settle a paid order whose buyer's browser never came back (or to mark a failed one).
 */

interface WebhookEnvelope {
  event?: string;
  payload?: { payment?: { entity?: RazorpayPayment } };
}

export interface AcceptedWebhook {
  duplicate: boolean;
  event: string;
  payment?: RazorpayPayment;
}

/** Verifies, parses and records a webhook. Duplicates are reported so they can be acknowledged and ignored. */
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
  let envelope: WebhookEnvelope;
  try {
    envelope = JSON.parse(input.rawBody) as WebhookEnvelope;
  } catch {
    throw new AppError('invalid_input', 'The webhook body is not JSON.');
  }
  const event = typeof envelope.event === 'string' ? envelope.event : 'unknown';
  const eventId = input.eventId ?? crypto.createHash('sha256').update(input.rawBody).digest('hex');
  const inserted = await db
    .insert(webhookEvents)
    .values({ providerEventId: eventId, eventType: event })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.providerEventId });
  return { duplicate: inserted.length === 0, event, payment: envelope.payload?.payment?.entity };
}

/** Acts on an accepted webhook. Errors are logged, not thrown: reconciliation retries what is left. */
export async function processWebhook(db: Db, webhook: AcceptedWebhook): Promise<void> {
  if (webhook.duplicate || !webhook.payment?.order_id) return;
  const [order] = await db
    .select({ id: paymentOrders.id, state: paymentOrders.state })
    .from(paymentOrders)
    .where(eq(paymentOrders.providerOrderId, webhook.payment.order_id));
  if (!order) return; // not one of ours
  try {
    if (webhook.event === 'payment.captured' || webhook.event === 'order.paid') {
      await settleOrder(db, order.id, webhook.payment.id);
    } else if (webhook.event === 'payment.failed') {
      await markFailed(db, order.id, webhook.payment.error_description ?? 'payment failed');
    }
  } catch (error) {
    logger.warn(
      { err: error, orderId: order.id, event: webhook.event },
      'webhook could not settle the order',
    );
  }
}

/** Accept and process in one go (the sandbox's in-process delivery). */
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

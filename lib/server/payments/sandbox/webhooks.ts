import 'server-only';
import { isDatabaseUnavailable } from '@/lib/server/db/client';
import { logger } from '@/lib/server/log';
import { webhookSignature } from '../signatures';
import { sandboxCredentials } from './credentials';
import { newSandboxId } from './ids';

/*
 * The sandbox's webhooks: signed like Razorpay's and handed to the app's webhook receiver. The sandbox
 * knows nothing of the app's payment code: the receiver is given to it once, at start-up (and in the test
 * setup), and kept on globalThis because Next may load this module once per route bundle.
 */

export interface SandboxWebhook {
  rawBody: string;
  signature: string;
  eventId: string;
}
export type WebhookReceiver = (webhook: SandboxWebhook) => Promise<unknown>;
export type SandboxWebhookMode = 'immediate' | 'manual' | 'off';

interface WebhookState {
  receiver: WebhookReceiver | null;
  mode: SandboxWebhookMode;
  queued: { webhook: SandboxWebhook; onDelivered?: Delivered }[];
  inFlight: Set<Promise<void>>;
}

const holder = globalThis as typeof globalThis & { __sandboxWebhooks?: WebhookState };
const state = (holder.__sandboxWebhooks ??= {
  receiver: null,
  mode: 'immediate',
  queued: [],
  inFlight: new Set(),
});

/** Tells the sandbox where its webhooks go (the app's own webhook handling). */
export function connectSandboxWebhooks(receiver: WebhookReceiver): void {
  state.receiver = receiver;
}

/** Tests choose whether webhooks arrive by themselves, wait to be flushed, or never come. */
export function setSandboxWebhookMode(mode: SandboxWebhookMode): void {
  state.mode = mode;
  state.queued.length = 0;
}

/** Hands one webhook to the app; true when the app accepted it (answered 2xx, as the provider would see). */
export async function deliverSandboxWebhook(webhook: SandboxWebhook): Promise<boolean> {
  if (!state.receiver) {
    // A command-line script without webhook handling: the webhook stays on record for a later delivery.
    logger.warn({ eventId: webhook.eventId }, 'sandbox webhook not delivered: no receiver connected');
    return false;
  }
  try {
    await state.receiver(webhook);
    return true;
  } catch (error) {
    // A database that is down or failing over is expected to come back, and the webhook stays owed until
    // it is delivered (reconciliation redelivers it): a warning, not an error, as Razorpay's retries are.
    const level = isDatabaseUnavailable(error) ? 'warn' : 'error';
    logger[level]({ err: error, eventId: webhook.eventId }, 'sandbox webhook delivery failed');
    return false;
  }
}

/** The sender's note of the webhooks the app accepted (it forgets their records). */
type Delivered = (webhooks: SandboxWebhook[]) => Promise<void>;

/** Delivers webhooks one after another, then tells the sender which the app accepted. */
async function deliverInTurn(webhooks: SandboxWebhook[], onDelivered?: Delivered): Promise<void> {
  const accepted: SandboxWebhook[] = [];
  for (const webhook of webhooks) if (await deliverSandboxWebhook(webhook)) accepted.push(webhook);
  if (accepted.length === 0 || !onDelivered) return;
  await onDelivered(accepted).catch((error: unknown) =>
    logger.warn({ err: error }, 'sandbox could not forget the webhooks it delivered'),
  );
}

/** Delivers the webhooks held back in 'manual' mode; resolves when the app has handled them. */
export async function flushSandboxWebhooks(): Promise<void> {
  const batch = state.queued.splice(0);
  await Promise.all(batch.map(({ webhook, onDelivered }) => deliverInTurn([webhook], onDelivered)));
}

/** Resolves once every webhook already sent has been handled. */
export async function sandboxWebhooksSettled(): Promise<void> {
  while (state.inFlight.size > 0) await Promise.all([...state.inFlight]);
}

type WebhookPayload = Record<string, { entity: unknown }>;

/**
 * The signed webhooks for events, as the provider would send them; none while webhooks are switched off
 * (a test of a provider that never calls back).
 */
export function signedSandboxWebhooks(
  ...events: [event: string, payload: WebhookPayload][]
): SandboxWebhook[] {
  if (state.mode === 'off') return [];
  return events.map(([event, payload]) => {
    const rawBody = JSON.stringify({
      entity: 'event',
      account_id: 'acc_sandbox',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    });
    return {
      rawBody,
      eventId: newSandboxId('evt'),
      signature: webhookSignature(rawBody, sandboxCredentials().webhookSecret),
    };
  });
}

/**
 * Sends the webhooks one payment causes (`payment.captured`, then `order.paid`), each after the app has
 * answered the one before, as the provider sends events one request at a time. `onDelivered` hears of
 * the ones the app accepted, once.
 */
export function sendSandboxWebhooks(webhooks: SandboxWebhook[], onDelivered?: Delivered): void {
  if (state.mode === 'off' || webhooks.length === 0) return;
  if (state.mode === 'manual') {
    state.queued.push(...webhooks.map((webhook) => ({ webhook, onDelivered })));
    return;
  }
  // Like the real provider, webhooks arrive after the checkout answer, on their own schedule.
  const delivery = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() =>
    deliverInTurn(webhooks, onDelivered),
  );
  state.inFlight.add(delivery);
  void delivery.finally(() => state.inFlight.delete(delivery));
}

import 'server-only';
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
  queued: SandboxWebhook[];
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

async function deliver(webhook: SandboxWebhook): Promise<void> {
  if (!state.receiver) {
    // A command-line script has no webhook handling; reconciliation settles what a lost webhook leaves.
    logger.warn({ eventId: webhook.eventId }, 'sandbox webhook dropped: no receiver connected');
    return;
  }
  try {
    await state.receiver(webhook);
  } catch (error) {
    logger.error({ err: error, eventId: webhook.eventId }, 'sandbox webhook delivery failed');
  }
}

/** Delivers the webhooks held back in 'manual' mode; resolves when the app has handled them. */
export async function flushSandboxWebhooks(): Promise<void> {
  const batch = state.queued.splice(0);
  await Promise.all(batch.map(deliver));
}

/** Resolves once every webhook already sent has been handled. */
export async function sandboxWebhooksSettled(): Promise<void> {
  while (state.inFlight.size > 0) await Promise.all([...state.inFlight]);
}

type WebhookPayload = Record<string, { entity: unknown }>;

function signed(event: string, payload: WebhookPayload): SandboxWebhook {
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
}

/**
 * Sends the webhooks one payment causes (`payment.captured`, then `order.paid`), each after the app has
 * answered the one before, as the provider sends events one request at a time.
 */
export function sendSandboxWebhooks(...events: [event: string, payload: WebhookPayload][]): void {
  if (state.mode === 'off') return;
  const webhooks = events.map(([event, payload]) => signed(event, payload));
  if (state.mode === 'manual') {
    state.queued.push(...webhooks);
    return;
  }
  // Like the real provider, webhooks arrive after the checkout answer, on their own schedule.
  const delivery = webhooks.reduce(
    (previous, webhook) => previous.then(() => deliver(webhook)),
    new Promise<void>((resolve) => setTimeout(resolve, 0)),
  );
  state.inFlight.add(delivery);
  void delivery.finally(() => state.inFlight.delete(delivery));
}

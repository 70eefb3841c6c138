import 'server-only';
import crypto from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Db, type Tx } from '@/lib/server/db';
import { isDatabaseUnavailable } from '@/lib/server/db/client';
import { preparedOn } from '@/lib/server/db/prepared';
import { sandboxRecords } from '@/lib/server/db/schema';
import { assertNoNul } from '@/lib/server/http/handler';
import { logger } from '@/lib/server/log';
import type { RazorpayOrder, RazorpayPayment, RazorpayRefund } from '../razorpay-client';
import { paymentSignature } from '../signatures';
import { sandboxCheckoutScript } from './checkout-script';
import { sandboxBasePath, sandboxCredentials } from './credentials';
import { newSandboxId } from './ids';
import {
  deliverSandboxWebhook,
  sendSandboxWebhooks,
  signedSandboxWebhooks,
  type SandboxWebhook,
} from './webhooks';

/*
 * The built-in Razorpay sandbox: the REST paths the app uses, a checkout script with Checkout's
 * `new Razorpay(options).open()` contract, a pay call that answers what Checkout's handler receives, and
 * signed `payment.captured` / `order.paid` / `payment.failed` webhooks (./webhooks.ts) delivered to the
 * app. It exists only while no real Razorpay keys are set, and never calls the app's payment code itself.
 */

const seconds = () => Math.floor(Date.now() / 1000);

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

function failure(status: number, description: string): Response {
  return json(status, { error: { code: 'BAD_REQUEST_ERROR', description } });
}

/** One record by id and kind, built once: the pay call and every payment lookup read one. */
const recordById = preparedOn((db) =>
  db
    .select({ data: sandboxRecords.data })
    .from(sandboxRecords)
    .where(
      and(eq(sandboxRecords.id, sql.placeholder('id')), eq(sandboxRecords.kind, sql.placeholder('kind'))),
    )
    .prepare('sandboxRecord'),
);

async function load<T>(db: Db, kind: 'order' | 'payment' | 'refund', id: string): Promise<T | null> {
  const [row] = await recordById(db).execute({ id, kind });
  return (row?.data as T | undefined) ?? null;
}

/** A record locked for the rest of the transaction (a refund changes its payment). */
async function loadForUpdate<T>(tx: Tx, kind: 'order' | 'payment' | 'refund', id: string): Promise<T | null> {
  const [row] = await tx
    .select({ data: sandboxRecords.data })
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.id, id), eq(sandboxRecords.kind, kind)))
    .for('update');
  return (row?.data as T | undefined) ?? null;
}

interface SandboxRecord {
  kind: 'order' | 'payment' | 'refund' | 'webhook';
  id: string;
  data: unknown;
  orderId?: string;
}

/** Writes records (new, or replacing the same ids) in one statement: all of them or none. */
async function save(db: Db | Tx, ...records: SandboxRecord[]) {
  await db
    .insert(sandboxRecords)
    .values(records.map((r) => ({ id: r.id, kind: r.kind, data: r.data, orderId: r.orderId ?? null })))
    .onConflictDoUpdate({ target: sandboxRecords.id, set: { data: sql`excluded.data` } });
}

// ---------- webhooks owed ----------

/*
 * Like the real provider, the sandbox keeps a webhook until the app has accepted it and sends it again
 * later if not: a process killed between the pay call and the delivery (or a delivery the app failed)
 * would otherwise lose a payment's only messenger, e.g. the second payment of a double tap, which nobody
 * else reports. Reconciliation (payments/reconcile.ts) asks for the redelivery on its schedule.
 */

function webhookRecords(webhooks: SandboxWebhook[], orderId: string): SandboxRecord[] {
  return webhooks.map((webhook) => ({ kind: 'webhook', id: webhook.eventId, data: webhook, orderId }));
}

async function forgetWebhooks(db: Db, webhooks: SandboxWebhook[]): Promise<void> {
  await db.delete(sandboxRecords).where(
    and(
      inArray(
        sandboxRecords.id,
        webhooks.map((w) => w.eventId),
      ),
      eq(sandboxRecords.kind, 'webhook'),
    ),
  );
}

/**
 * Sends again, oldest first, the webhooks still owed after `olderThanSeconds`; answers how many the app
 * accepted this time. A webhook the app refuses again stays owed.
 */
export async function redeliverSandboxWebhooks(db: Db, olderThanSeconds: number): Promise<number> {
  const owed = await db
    .select({ data: sandboxRecords.data })
    .from(sandboxRecords)
    .where(
      and(
        eq(sandboxRecords.kind, 'webhook'),
        lt(sandboxRecords.createdAt, new Date(Date.now() - olderThanSeconds * 1000)),
      ),
    )
    .orderBy(asc(sandboxRecords.createdAt))
    .limit(500);
  let delivered = 0;
  for (const { data } of owed) {
    const webhook = data as SandboxWebhook;
    if (!(await deliverSandboxWebhook(webhook))) continue;
    await forgetWebhooks(db, [webhook]);
    delivered += 1;
  }
  return delivered;
}

// ---------- API ----------

const createOrderSchema = z.object({
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  receipt: z.string().min(1).max(40),
  notes: z.record(z.string(), z.string()).optional(),
});

const paySchema = z.object({ order_id: z.string().min(1), outcome: z.enum(['success', 'failure']) });
const refundSchema = z.object({
  amount: z.number().int().positive(),
  notes: z.record(z.string(), z.string()).optional(),
});

function authorised(request: Request): boolean {
  const { keyId, keySecret } = sandboxCredentials();
  const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const given = request.headers.get('authorization') ?? '';
  return (
    given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}

/** The JSON body, or null (so the call's schema refuses it) when it is not JSON, holds a NUL or nests too deep. */
async function readBody(request: Request): Promise<unknown> {
  try {
    const body: unknown = await request.json();
    assertNoNul(body);
    return body;
  } catch {
    return null;
  }
}

async function pay(db: Db, body: unknown): Promise<Response> {
  const parsed = paySchema.safeParse(body);
  if (!parsed.success) return failure(400, 'order_id and outcome (success or failure) are required');
  const order = await load<RazorpayOrder>(db, 'order', parsed.data.order_id);
  if (!order) return failure(404, 'The id provided does not exist');
  if (order.status === 'paid') return failure(400, 'Order has already been paid');
  const payment: RazorpayPayment = {
    id: newSandboxId('pay'),
    entity: 'payment',
    amount: order.amount,
    currency: order.currency,
    status: parsed.data.outcome === 'success' ? 'captured' : 'failed',
    order_id: order.id,
    method: 'upi',
    captured: parsed.data.outcome === 'success',
    amount_refunded: 0,
    error_code: parsed.data.outcome === 'success' ? null : 'BAD_REQUEST_ERROR',
    error_description: parsed.data.outcome === 'success' ? null : 'Payment failed in the sandbox',
    created_at: seconds(),
  };
  if (parsed.data.outcome === 'failure') {
    const webhooks = signedSandboxWebhooks(['payment.failed', { payment: { entity: payment } }]);
    // The payment, its order's new status and the webhooks owed are one write: never one without the others.
    await save(
      db,
      { kind: 'payment', id: payment.id, data: payment, orderId: order.id },
      { kind: 'order', id: order.id, data: { ...order, status: 'attempted', attempts: 1 } },
      ...webhookRecords(webhooks, order.id),
    );
    sendSandboxWebhooks(webhooks, (delivered) => forgetWebhooks(db, delivered));
    return json(200, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Your payment could not be completed.',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: order.id, payment_id: payment.id },
      },
    });
  }
  const paid: RazorpayOrder = { ...order, status: 'paid', amount_paid: order.amount, amount_due: 0 };
  const webhooks = signedSandboxWebhooks(
    ['payment.captured', { payment: { entity: payment } }],
    ['order.paid', { payment: { entity: payment }, order: { entity: paid } }],
  );
  await save(
    db,
    { kind: 'payment', id: payment.id, data: payment, orderId: order.id },
    { kind: 'order', id: order.id, data: paid },
    ...webhookRecords(webhooks, order.id),
  );
  sendSandboxWebhooks(webhooks, (delivered) => forgetWebhooks(db, delivered));
  return json(200, {
    razorpay_payment_id: payment.id,
    razorpay_order_id: order.id,
    razorpay_signature: paymentSignature(order.id, payment.id, sandboxCredentials().keySecret),
  });
}

async function refund(db: Db, paymentId: string, body: unknown): Promise<Response> {
  const parsed = refundSchema.safeParse(body);
  if (!parsed.success) return failure(400, 'amount is required');
  // Under the payment record's lock, as the real provider does: two refunds at once cannot both pass the
  // amount check and give back more than was paid.
  return db.transaction(async (tx) => {
    const payment = await loadForUpdate<RazorpayPayment>(tx, 'payment', paymentId);
    if (!payment) return failure(404, 'The id provided does not exist');
    if (!payment.captured) return failure(400, 'The payment has not been captured');
    if (parsed.data.amount > payment.amount - payment.amount_refunded) {
      return failure(400, 'The refund amount provided is greater than amount captured');
    }
    const record: RazorpayRefund = {
      id: newSandboxId('rfnd'),
      entity: 'refund',
      amount: parsed.data.amount,
      payment_id: payment.id,
      status: 'processed',
      created_at: seconds(),
    };
    const refunded = payment.amount_refunded + parsed.data.amount;
    await save(
      tx,
      { kind: 'refund', id: record.id, data: record, orderId: payment.order_id },
      {
        kind: 'payment',
        id: payment.id,
        data: {
          ...payment,
          amount_refunded: refunded,
          status: refunded >= payment.amount ? 'refunded' : payment.status,
        },
      },
    );
    return json(200, record);
  });
}

/**
 * Routes one sandbox request (`/sandbox/razorpay/v1/...`), from the browser or the app's client. The
 * sandbox keeps its records in the site's database: while that is unavailable (a failover) it answers 503
 * with Retry-After, as a provider that is down for a moment does, never a 500.
 */
export async function handleSandboxRequest(request: Request): Promise<Response> {
  try {
    return await routeSandboxRequest(request);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    logger.warn({ err: error }, 'the payment sandbox could not reach the database');
    return json(
      503,
      { error: { code: 'SERVER_ERROR', description: 'The payment sandbox is unavailable for a moment.' } },
      { 'retry-after': String(sandboxRetryAfterSeconds) },
    );
  }
}

/** As the site's own 503s for the database (lib/server/http/handler.ts). */
const sandboxRetryAfterSeconds = 5;

async function routeSandboxRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.startsWith(sandboxBasePath)
    ? url.pathname.slice(sandboxBasePath.length)
    : url.pathname;
  const parts = path.split('/').filter(Boolean);
  const db = await getDb();

  if (request.method === 'GET' && path === '/checkout.js') {
    return new Response(sandboxCheckoutScript, {
      headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
    });
  }
  // The browser's pay call carries no API key, like Checkout's own calls.
  if (request.method === 'POST' && path === '/checkout/pay') return pay(db, await readBody(request));

  if (!authorised(request)) return failure(401, 'Authentication failed');
  if (request.method === 'POST' && path === '/orders') {
    const parsed = createOrderSchema.safeParse(await readBody(request));
    if (!parsed.success) return failure(400, 'amount (paise), currency INR and receipt are required');
    const order: RazorpayOrder = {
      id: newSandboxId('order'),
      entity: 'order',
      amount: parsed.data.amount,
      amount_paid: 0,
      amount_due: parsed.data.amount,
      currency: parsed.data.currency,
      receipt: parsed.data.receipt,
      status: 'created',
      notes: parsed.data.notes ?? {},
      created_at: seconds(),
    };
    await save(db, { kind: 'order', id: order.id, data: order });
    return json(200, order);
  }
  if (request.method === 'GET' && parts[0] === 'orders' && parts[1] && parts.length === 2) {
    const order = await load<RazorpayOrder>(db, 'order', parts[1]);
    return order ? json(200, order) : failure(404, 'The id provided does not exist');
  }
  if (request.method === 'GET' && parts[0] === 'orders' && parts[1] && parts[2] === 'payments') {
    const rows = await db
      .select({ data: sandboxRecords.data })
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.kind, 'payment'), eq(sandboxRecords.orderId, parts[1])))
      .orderBy(asc(sandboxRecords.createdAt));
    return json(200, { entity: 'collection', count: rows.length, items: rows.map((r) => r.data) });
  }
  if (request.method === 'GET' && parts[0] === 'payments' && parts[1] && parts.length === 2) {
    const payment = await load<RazorpayPayment>(db, 'payment', parts[1]);
    return payment ? json(200, payment) : failure(404, 'The id provided does not exist');
  }
  if (request.method === 'POST' && parts[0] === 'payments' && parts[1] && parts[2] === 'refund') {
    return refund(db, parts[1], await readBody(request));
  }
  return failure(404, 'The requested URL was not found on the server.');
}

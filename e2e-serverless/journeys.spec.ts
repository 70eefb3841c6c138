import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { connectPostgres } from '../lib/server/db/postgres-url';
import { platformSkipReason } from '../scripts/serverless/code-folder';
import {
  serverlessCronSecret,
  serverlessJwtSecret,
  startEmulation,
  type Emulation,
} from '../scripts/serverless/emulation';
import {
  call,
  createBuyers,
  cron,
  type Answer,
  type Buyer,
  type Sql,
} from '../e2e-cluster/support/fault-cluster';
import { paidSoloOptions } from '../e2e-cluster/support/purchases';
import { startSmtpSink, type SmtpSink } from '../e2e-cluster/support/smtp-sink';
import { platformPorts } from './support/ports';

/*
 * The site as a serverless platform runs it (scripts/serverless/platform.ts): its code read-only, every
 * instance frozen between requests and thrown away after a few, a pool of 2 each. Nothing of the app runs
 * between requests, so whatever the site does later must come from a request: the platform's crons.
 *
 * 1. A sign-up whose code mail the SMTP server refuses at first arrives through the mail cron.
 * 2. A purchase ordered on one instance and paid on another, whose provider webhook lands on a third.
 * 3. A payment nobody heard of (its instance thrown away right after the checkout) settled by the
 *    reconcile cron.
 * 4. A waiting list's offer for a place a lapsed hold gave back, made by the waiting lists' cron.
 */

const skipReason =
  platformSkipReason() ??
  (process.env.TEST_DATABASE_URL ? null : 'TEST_DATABASE_URL (a PostgreSQL server) is unset');
if (skipReason && process.env.CI === 'true') throw new Error(`test:serverless: ${skipReason}`);
test.skip(Boolean(skipReason), skipReason ?? '');
test.describe.configure({ mode: 'serial' });

let emulation: Emulation;
let sink: SmtpSink;
let sql: Sql;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = await startSmtpSink({ port: platformPorts.smtp });
  emulation = await startEmulation({
    port: platformPorts.front,
    instanceBasePort: platformPorts.instances,
    maxInstances: 3,
    requestsPerInstance: 6,
    env: { SMTP_URL: sink.url, LOG_LEVEL: 'warn' },
    log: (line) => console.log(`[serverless] ${line}`),
  });
  base = emulation.platform.url;
  sql = connectPostgres(emulation.databaseUrl, { max: 2, onnotice: () => {} });
});

test.afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await emulation?.stop();
  await sink?.close();
});

/** The instance that gave an answer (the platform's header); fails when the answer came from elsewhere. */
function instanceOf(answer: Answer): number {
  const id = Number(answer.headers.get('x-platform-instance'));
  expect(id, `an answer from an instance (${answer.status} ${answer.message})`).toBeGreaterThan(0);
  return id;
}

const bearer = (buyer: { token: string }) => `Bearer ${buyer.token}`;
const platformCron = (job: 'mail' | 'reconcile' | 'waiting-lists') => cron(base, job, serverlessCronSecret);

/** The instances' log lines, for a failure's message. */
const logs = () =>
  emulation.platform.instances
    .map((i) => `--- instance ${i.id}\n${emulation.platform.logOf(i.id)}`)
    .join('\n');

test('the instances run as another user than the owner of the code, from a folder none may write', async () => {
  const answer = await call(`${base}/api/ready`);
  expect(answer.status, answer.message).toBe(200);
  const instance = emulation.platform.instances.find((i) => i.id === instanceOf(answer))!;
  const uid = /^Uid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${instance.pid}/status`, 'utf8'))?.[1];
  const code = fs.statSync(path.join(emulation.codeDir, 'server.js'));
  expect(Number(uid), 'the instance runs as nobody').toBe(65534);
  expect(code.uid, 'the code belongs to root').toBe(0);
  expect(code.mode & 0o222, 'nobody may write the code').toBe(0);
  expect(fs.statSync(emulation.codeDir).mode & 0o222).toBe(0);
});

test('a sign-up whose code mail is refused at first gets it through the mail cron, and signs in', async () => {
  const email = `serverless.${crypto.randomBytes(4).toString('hex')}@example.com`;
  sink.refuseNext = 1;
  const registered = await call(`${base}/api/register`, {
    body: {
      first_name: 'Nymphadora',
      last_name: 'Tonks',
      phone_number: '9876543210',
      DOB: '2000-03-05',
      gender: 'female',
      Clg: 'Serverless College',
      email,
      password: 'nimbus2000',
    },
  });
  expect(registered.status, registered.message).toBe(201);
  expect(sink.refused, 'the SMTP server refused the first attempt').toBe(1);
  expect(sink.deliveredTo(email)).toHaveLength(0);
  // The platform throws away the instance that took the sign-up; what it owes is in the database.
  const signUpInstance = instanceOf(registered);
  emulation.platform.retire(signUpInstance);

  // No instance runs between requests: no timer of the app retries. The mail waits, due, in the outbox.
  const [queued] = await sql<{ state: string; attempts: number }[]>`
    select state, attempts from mail_outbox where "to" = ${email}`;
  expect(queued).toMatchObject({ state: 'pending', attempts: 1 });
  await sql`update mail_outbox set next_attempt_at = now() where "to" = ${email}`;
  expect(sink.deliveredTo(email), 'nothing but the cron sends it').toHaveLength(0);

  const sent = await platformCron('mail');
  expect(sent.status, sent.message).toBe(200);
  expect(sent.body).toMatchObject({ data: { sent: 1 } });
  const mails = sink.deliveredTo(email);
  expect(mails).toHaveLength(1);
  const code = /verify your account[\s\S]*?\b(\d{6})\b/.exec(mails[0]!.data)?.[1];
  expect(code, 'the mail carries a six-digit code').toMatch(/^\d{6}$/);

  const validated = await call(`${base}/api/validate-otp`, { body: { email, otp: code } });
  expect(validated.status, validated.message).toBe(200);
  const login = await call(`${base}/api/login`, { body: { email, password: 'nimbus2000' } });
  expect(login.status, login.message).toBe(200);
  const token = (login.body as { token: string }).token;
  const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).userId as string;
  const profile = await call(`${base}/api/my-profile/${userId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(profile.status, profile.message).toBe(200);

  for (const later of [sent, validated, login, profile]) expect(instanceOf(later)).not.toBe(signUpInstance);
});

type Choice = Awaited<ReturnType<typeof paidSoloOptions>>[number];
let choices: Choice[] | null = null;

/** The seed's open paid options for one person, read once (each journey takes its own). */
async function paidChoice(request: APIRequestContext, index: number): Promise<Choice> {
  choices ??= await paidSoloOptions(request);
  const choice = choices[index];
  if (!choice) throw new Error(`The seed has fewer than ${index + 1} open paid options for one person`);
  return choice;
}

interface PaidOrder {
  buyer: Buyer;
  providerOrderId: string;
  paymentId: string;
  orderedOn: number;
  paidOn: number;
}

/** A buyer's order for a paid option, made on one instance and paid in the sandbox checkout on another. */
async function orderAndPay(buyer: Buyer, choice: Choice): Promise<PaidOrder> {
  const created = await call(`${base}/api/payment/create-event-order`, {
    body: {
      amount: choice.option.price,
      eventId: choice.event.id,
      participationId: choice.option.id,
      emails: [buyer.email],
    },
    headers: { authorization: bearer(buyer) },
  });
  expect(created.status, created.message).toBe(200);
  const providerOrderId = (created.body as { data: { order: { id: string } } }).data.order.id;
  // The platform recycles the instance that made the order: the checkout's pay call starts or finds another.
  emulation.platform.retire(instanceOf(created));
  const paid = await call(`${base}/sandbox/razorpay/v1/checkout/pay`, {
    body: { order_id: providerOrderId, outcome: 'success' },
  });
  expect(paid.status, paid.message).toBe(200);
  return {
    buyer,
    providerOrderId,
    paymentId: (paid.body as { razorpay_payment_id: string }).razorpay_payment_id,
    orderedOn: instanceOf(created),
    paidOn: instanceOf(paid),
  };
}

async function orderState(providerOrderId: string): Promise<string | undefined> {
  const [row] = await sql<{ state: string }[]>`
    select state from payment_orders where provider_order_id = ${providerOrderId}`;
  return row?.state;
}

/** Whether the buyer's profile lists a registration for the event (read through the platform). */
async function registeredFor(buyer: Buyer, eventId: number): Promise<boolean> {
  const profile = await call(`${base}/api/my-profile/${buyer.id}`, {
    headers: { authorization: bearer(buyer) },
  });
  expect(profile.status, profile.message).toBe(200);
  const details = (profile.body as { data: { registrationsDetails: { eventId: number }[] } }).data;
  return details.registrationsDetails.some((r) => r.eventId === eventId);
}

/**
 * The provider's `payment.captured` webhook for a sandbox payment, signed as the sandbox signs (an HMAC
 * of the body with its webhook secret, which lib/server/secrets.ts derives from JWT_SECRET): the test
 * plays the provider, whose webhooks come over HTTP to whichever instance the platform picks.
 */
async function providerWebhook(paymentId: string) {
  const [record] = await sql<{ data: Record<string, unknown> }[]>`
    select data from sandbox_records where kind = 'payment' and id = ${paymentId}`;
  expect(record, 'the sandbox recorded the payment').toBeDefined();
  const rawBody = JSON.stringify({
    entity: 'event',
    account_id: 'acc_sandbox',
    event: 'payment.captured',
    contains: ['payment'],
    payload: { payment: { entity: record!.data } },
    created_at: Math.floor(Date.now() / 1000),
  });
  const webhookSecret = crypto
    .createHmac('sha256', serverlessJwtSecret)
    .update('razorpay-sandbox-webhook-secret')
    .digest('hex');
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': `evt_provider_${crypto.randomBytes(6).toString('hex')}`,
      'x-razorpay-signature': crypto.createHmac('sha256', webhookSecret).update(rawBody).digest('hex'),
    },
  };
}

test('a purchase ordered on one instance and paid on another is settled by a webhook landing on a third', async ({
  request,
}) => {
  const choice = await paidChoice(request, 0);
  const [buyer] = await createBuyers(sql, 1, 'serverless-webhook', serverlessJwtSecret);
  const order = await orderAndPay(buyer!, choice);
  // The platform recycles the instance that took the payment: whatever it meant to do after its answer is gone.
  emulation.platform.retire(order.paidOn);

  const webhook = await providerWebhook(order.paymentId);
  const delivered = await fetch(`${base}/api/payment/webhook`, {
    method: 'POST',
    headers: webhook.headers,
    body: webhook.rawBody,
  });
  expect(delivered.status, await delivered.text()).toBe(200);
  const landedOn = Number(delivered.headers.get('x-platform-instance'));
  expect(order.paidOn).not.toBe(order.orderedOn);
  expect([order.orderedOn, order.paidOn]).not.toContain(landedOn);
  expect(await orderState(order.providerOrderId), logs()).toBe('fulfilled');
  expect(await registeredFor(buyer!, choice.event.id)).toBe(true);

  // Its confirmation mail goes out with the next mail cron, once.
  await sql`update mail_outbox set next_attempt_at = now() where "to" = ${buyer!.email} and state = 'pending'`;
  const sent = await platformCron('mail');
  expect(sent.status, sent.message).toBe(200);
  expect(sink.deliveredTo(buyer!.email)).toHaveLength(1);
});

test('a payment whose instance was thrown away before anyone heard of it is settled by the reconcile cron', async ({
  request,
}) => {
  const choice = await paidChoice(request, 1);
  const [buyer] = await createBuyers(sql, 1, 'serverless-stranded', serverlessJwtSecret);
  const order = await orderAndPay(buyer!, choice);
  // Frozen the moment its answer left, then thrown away: the sandbox's webhooks (sent after the answer)
  // never reached the app, and the buyer's phone never confirmed. The payment is stranded.
  emulation.platform.retire(order.paidOn);
  expect(await orderState(order.providerOrderId), 'nothing settled the order before the cron').toBe(
    'created',
  );

  // The cron leaves orders younger than two minutes to their webhooks: this one is made older.
  await sql`
    update payment_orders set created_at = created_at - interval '5 minutes'
    where provider_order_id = ${order.providerOrderId}`;
  await sql`
    update sandbox_records set created_at = created_at - interval '5 minutes'
    where order_id = ${order.providerOrderId}`;
  const reconciled = await platformCron('reconcile');
  expect(reconciled.status, reconciled.message).toBe(200);
  expect(reconciled.body).toMatchObject({ data: { errors: 0 } });
  expect(await orderState(order.providerOrderId), logs()).toBe('fulfilled');
  expect(await registeredFor(buyer!, choice.event.id)).toBe(true);
});

test('a place a lapsed hold gives back is offered to the waiting list by its cron', async ({ request }) => {
  const { event, option } = await paidChoice(request, 2);
  const [holder, waiter] = await createBuyers(sql, 2, 'serverless-waiting', serverlessJwtSecret);
  await sql`update participation_options set place_limit = 1 where id = ${option.id}`;

  const held = await call(`${base}/api/payment/create-event-order`, {
    body: { amount: option.price, eventId: event.id, participationId: option.id, emails: [holder!.email] },
    headers: { authorization: bearer(holder!) },
  });
  expect(held.status, held.message).toBe(200);
  const joined = await call(`${base}/api/waiting-lists`, {
    body: { kind: 'participation_option', itemId: option.id },
    headers: { authorization: bearer(waiter!) },
  });
  expect(joined.status, joined.message).toBe(201);

  // The holder never pays: the hold lapses, and no write says so.
  await sql`
    update stock_holds set expires_at = now() - interval '1 second'
    where kind = 'participation_option' and item_id = ${option.id} and converted_at is null and released_at is null`;
  const entries = async () => {
    const answer = await call(`${base}/api/waiting-lists`, { headers: { authorization: bearer(waiter!) } });
    expect(answer.status, answer.message).toBe(200);
    return (answer.body as { data: { status: string }[] }).data;
  };
  expect((await entries())[0]?.status, 'no timer made the offer').toBe('waiting');

  const swept = await platformCron('waiting-lists');
  expect(swept.status, swept.message).toBe(200);
  expect(swept.body).toMatchObject({ data: { offered: 1 } });
  expect((await entries())[0]?.status).toBe('offered');

  await sql`update mail_outbox set next_attempt_at = now() where "to" = ${waiter!.email} and state = 'pending'`;
  const sent = await platformCron('mail');
  expect(sent.status, sent.message).toBe(200);
  expect(sink.deliveredTo(waiter!.email), 'the offer mail').toHaveLength(1);
});

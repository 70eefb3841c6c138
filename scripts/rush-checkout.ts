// One checkout of the shop over HTTP, as the shop's screens make it: create order (the hold), pay in the
// payment sandbox, confirm. Shared by `npm run bench:rush` (scripts/bench-rush.ts) and
// `npm run drill:restore` (scripts/drill-restore.ts), and by `npm run drill:failover`
// (scripts/drill-failover.ts), which watches every answer.
import http from 'node:http';
import type { Buyer, Targets } from './rush-buyers';
import { kinds, type Checkout, type Kind, type Step } from './rush-stats';

/** A request that has not answered in this time counts as an error (status 0). */
const requestTimeoutMs = 60_000;

export interface Answer {
  status: number;
  body: unknown;
  ms: number;
  message?: string;
  /** The Retry-After header, when the answer had one (a 503 must). */
  retryAfter?: string;
}

/**
 * The load comes from this process, on the machine it measures: node:http on kept-alive connections costs a
 * fraction of the CPU fetch does, leaving the cores to the instances and PostgreSQL.
 */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One JSON POST; status 0 when it failed without an answer (refused, reset, timed out). */
function send(
  url: string,
  payload: string,
  token?: string,
): Promise<{ status: number; text: string; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: keepAlive,
        timeout: requestTimeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            retryAfter: response.headers['retry-after'],
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${requestTimeoutMs} ms`)));
    request.on('error', reject);
    request.end(payload);
  });
}

export async function post(url: string, body: unknown, token?: string): Promise<Answer> {
  const started = performance.now();
  try {
    const answer = await send(url, JSON.stringify(body), token);
    const ms = performance.now() - started;
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      // not JSON (an nginx error page); the status says enough
    }
    const message = (parsed as { message?: unknown } | null)?.message;
    return {
      status: answer.status,
      body: parsed,
      ms,
      message: typeof message === 'string' ? message : answer.text.slice(0, 80),
      ...(answer.retryAfter === undefined ? {} : { retryAfter: answer.retryAfter }),
    };
  } catch (error) {
    return {
      status: 0,
      body: null,
      ms: performance.now() - started,
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

const createPath: Record<Kind, string> = {
  merchandise: '/api/payment/create-merchandise-order',
  accommodation: '/api/payment/create-accomodation-order',
};
const confirmPath: Record<Kind, string> = {
  merchandise: '/api/merchandise/order-merchandise',
  accommodation: '/api/accommodation/confirm-user-accommodation',
};

interface PayData {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** The three steps as the shop's screens make them (components and e2e/shop.spec.ts), one after another. */
export async function checkout(
  base: () => string,
  buyer: Buyer,
  kind: Kind,
  targets: Targets,
  started: number,
): Promise<Checkout> {
  const done = await checkoutSteps(base, buyer, kind, targets);
  return { ...done, endedAt: performance.now() - started };
}

/** Told of every answer of a checkout's steps as it comes (the failover drill keeps them all). */
export type AnswerObserver = (step: Step, answer: Answer) => void;

/** The steps of `checkout`, without its clock; `observe` sees each answer. */
export async function checkoutSteps(
  base: () => string,
  buyer: Buyer,
  kind: Kind,
  targets: Targets,
  observe: AnswerObserver = () => {},
): Promise<Checkout> {
  const result: Checkout = { kind, outcome: 'error', ms: {} };
  const stop = (step: Step, answer: Answer): Checkout => ({
    ...result,
    // A 409 is the app saying no (sold out, refunded): an answer, not a failure.
    outcome: answer.status === 409 ? 'refused' : 'error',
    failedAt: step,
    status: answer.status,
    message: answer.message,
  });

  const cart = [{ variantId: targets.variant.id, qty: 1 }];
  const created = await post(
    `${base()}${createPath[kind]}`,
    kind === 'merchandise'
      ? { amount: targets.variant.price, cart }
      : { amount: targets.stay.price, accommodationId: targets.stay.id, identityProofUrl: buyer.proofUrl },
    buyer.token,
  );
  observe('create', created);
  result.ms.create = created.ms;
  const orderId = (created.body as { data?: { order?: { id?: string } } } | null)?.data?.order?.id;
  if (created.status !== 200 || !orderId) return stop('create', created);

  // The browser's pay call to the sandbox's checkout: no token, like Checkout's own calls.
  const paid = await post(`${base()}/sandbox/razorpay/v1/checkout/pay`, {
    order_id: orderId,
    outcome: 'success',
  });
  observe('pay', paid);
  result.ms.pay = paid.ms;
  const payData = paid.body as PayData | null;
  if (paid.status !== 200 || !payData?.razorpay_payment_id) return stop('pay', paid);

  const confirmed = await post(
    `${base()}${confirmPath[kind]}`,
    kind === 'merchandise'
      ? { userId: buyer.id, cart, payData }
      : { userId: buyer.id, accommodationId: targets.stay.id, identityProofUrl: buyer.proofUrl, payData },
    buyer.token,
  );
  observe('confirm', confirmed);
  result.ms.confirm = confirmed.ms;
  if (confirmed.status !== 201) return stop('confirm', confirmed);
  return { ...result, outcome: 'completed' };
}

/**
 * Before the clock starts, every instance loads the routes of the three steps (a production server loads a
 * route's code on its first request) with calls that change nothing: no token, an empty cart, no order.
 * Seven calls an instance a round; --warm-up repeats the round.
 */
export async function warmUp(urls: string[], buyer: Buyer): Promise<void> {
  for (const url of urls) {
    for (const kind of kinds) {
      await post(`${url}${createPath[kind]}`, {});
      await post(`${url}${createPath[kind]}`, {}, buyer.token);
      await post(`${url}${confirmPath[kind]}`, {}, buyer.token);
    }
    await post(`${url}/sandbox/razorpay/v1/checkout/pay`, { order_id: 'order_warm_up', outcome: 'success' });
  }
}

import fc from 'fast-check';
import type { z } from 'zod';
import { maxBodyBytes } from '@/lib/server/http/handler';
import { paymentProvider } from '@/lib/server/payments/provider';
import { webhookSignature } from '@/lib/server/payments/signatures';
import { png } from '../support/fixtures';
import { applyMutation, malformedJson, mutation, oddStrings, oddValue } from './mutations';
import type { Route } from './routes';
import { valueFor, type Known } from './schema-arbitrary';

/**
 * One fuzzed request as plain data (so fast-check can shrink and print it), and how it is sent. Large
 * bodies are described by their size and built only when sent.
 */

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string }
  /** More than the 64 KB cap, with its length declared, streamed without one, or a declared lie. */
  | { kind: 'oversized'; bytes: number; how: 'declared' | 'streamed' | 'lying' }
  | { kind: 'form'; field: string; file: 'png' | 'svg' | 'text' | 'empty' | 'big'; filename: string };

/** Who the request claims to be: resolved to an Authorization or Cookie header when sent. */
export type Caller =
  | 'admin'
  | 'organiser'
  | 'user'
  | 'anonymous'
  | 'garbage'
  | 'forged'
  | 'odd-claims'
  | 'cron'
  | 'sandbox'
  | 'user-cookie';

export interface FuzzRequest {
  route: Route;
  params: Record<string, string | string[]>;
  query: string;
  caller: Caller;
  headers: Record<string, string>;
  body: Body;
  /** For the webhook: sign the body with the real secret, so it is read rather than refused at once. */
  signed: boolean;
}

export interface Context {
  known: Known;
  /** Valid values for path parameters: row ids and uuids that exist. */
  ids: string[];
  /** The signed-in user's own id, which only their own profile route answers. */
  selfId: string;
  /** The Authorization (or Cookie) header value for each caller; absent for anonymous. */
  callers: Partial<Record<Caller, { header: string; value: string }>>;
}

// ---------- path parameters ----------

const oddParams = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x1',
  ' 1',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'null',
  'abc',
  "1' or '1'='1",
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '😀',
  'a'.repeat(2_000),
];

function paramValue(ctx: Context, catchAll: boolean): fc.Arbitrary<string | string[]> {
  const one = fc
    .oneof(
      { weight: 4, arbitrary: fc.constantFrom(...ctx.ids) },
      { weight: 1, arbitrary: fc.constant(ctx.selfId) },
      { weight: 2, arbitrary: fc.constantFrom(...oddParams) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    )
    // Next decodes parameters from a URL, which cannot carry a lone surrogate (it becomes U+FFFD).
    .map((value) => value.toWellFormed());
  if (!catchAll) return one;
  // The sandbox's own paths, with ids that exist and ones that do not.
  const sandboxPaths = fc.oneof(
    fc.constantFrom<string[]>(['orders'], ['checkout', 'pay'], ['checkout.js'], ['payments'], []),
    fc.tuple(fc.constantFrom('orders', 'payments'), one).map(([a, b]) => [a, String(b)]),
    fc.tuple(one, fc.constantFrom('payments', 'refund')).map(([a, b]) => ['orders', String(a), b]),
  );
  return fc.oneof(sandboxPaths, fc.array(one.map(String), { maxLength: 4 }));
}

// ---------- query strings ----------

const oddQueries = [
  '?',
  '?&&&',
  '?=',
  '?%',
  '?%zz=1',
  '?q=%E0%A4%A',
  '?q=%ED%A0%80', // an encoded lone surrogate
  '?q=%00',
  '?%00=1',
  '?page=1&page=2',
  '?page[]=1',
  '?page=1e400',
  '?page=-1',
  '?page=0.5',
  `?q=${'a'.repeat(5_000)}`,
  `?${'k=v&'.repeat(2_000)}`,
];

function queryValue(route: Route, ctx: Context): fc.Arbitrary<string> {
  const junk = fc.constantFrom(...oddQueries);
  const schema = route.schemas?.query;
  if (!schema) return fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: junk });
  const valid = valueFor(schema, ctx.known) as fc.Arbitrary<Record<string, unknown>>;
  const toQuery = (value: unknown) => {
    if (value === null || typeof value !== 'object')
      return `?${encodeURIComponent(String(value).toWellFormed())}`;
    const params = new URLSearchParams();
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) params.append(key, typeof item === 'string' ? item : JSON.stringify(item));
    }
    return `?${params}`;
  };
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(toQuery) },
    { weight: 3, arbitrary: fc.tuple(valid, mutation).map(([v, m]) => toQuery(applyMutation(v, m))) },
    { weight: 1, arbitrary: junk },
  );
}

// ---------- bodies ----------

const oversized: fc.Arbitrary<Body> = fc.record({
  kind: fc.constant('oversized' as const),
  bytes: fc.integer({ min: maxBodyBytes + 1, max: 4 * maxBodyBytes }),
  how: fc.constantFrom('declared' as const, 'streamed' as const, 'lying' as const),
});

function jsonBody(schema: z.ZodType, ctx: Context): fc.Arbitrary<Body> {
  const valid = valueFor(schema, ctx.known);
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((value) => ({ kind: 'json' as const, value })) },
    {
      weight: 5,
      arbitrary: fc
        .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([value, changes]) => ({
          kind: 'json' as const,
          value: changes.reduce((v, change) => applyMutation(v, change), value),
        })),
    },
    {
      weight: 1,
      arbitrary: valid.chain((value) =>
        malformedJson(JSON.stringify(value) ?? '').map((text) => ({ kind: 'raw' as const, text })),
      ),
    },
    { weight: 1, arbitrary: oversized },
  );
}

/** What the payment provider posts: an event about a payment, maybe one of the orders that exist. */
function webhookBody(ctx: Context): fc.Arbitrary<Body> {
  const entity = fc.record({
    id: fc.oneof(fc.constantFrom('pay_1', ...ctx.known.uuids), fc.string()),
    order_id: fc.oneof(fc.constantFrom('order_1', ...ctx.known.uuids), oddValue),
    amount: fc.oneof(fc.integer(), oddValue),
    status: fc.constantFrom('captured', 'failed', 'refunded'),
    error_description: fc.oneof(fc.string(), oddValue),
  });
  const envelope = fc.record({
    entity: fc.constant('event'),
    event: fc.oneof(fc.constantFrom('payment.captured', 'order.paid', 'payment.failed'), oddValue),
    payload: fc.oneof(fc.record({ payment: fc.record({ entity }) }), oddValue),
  });
  return fc.oneof(
    { weight: 4, arbitrary: envelope.map((value) => ({ kind: 'json' as const, value })) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(envelope, mutation)
        .map(([value, change]) => ({ kind: 'json' as const, value: applyMutation(value, change) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.constantFrom(...oddStrings), malformedJson('{}'))
        .map((text) => ({ kind: 'raw' as const, text })),
    },
    { weight: 1, arbitrary: oversized },
  );
}

/** Multipart uploads: a real PNG, an SVG (refused by its bytes), text, nothing, or past the size cap. */
const formBody: fc.Arbitrary<Body> = fc.record({
  kind: fc.constant('form' as const),
  field: fc.constantFrom('file', 'file', 'file', 'image', ''),
  file: fc.constantFrom('png' as const, 'svg' as const, 'text' as const, 'empty' as const, 'big' as const),
  filename: fc.oneof(
    fc.constantFrom('a.png', '../../x.png', 'x'.repeat(300), '😀.png', 'a\u0000.png'),
    fc.string(),
  ),
});

function bodyFor(route: Route, ctx: Context): fc.Arbitrary<Body> {
  if (route.method === 'GET') return fc.constant({ kind: 'none' as const });
  const option = route.schemas?.body;
  if (option === 'text') return webhookBody(ctx);
  if (option) return jsonBody(option, ctx);
  // No schema: a handler that reads no body, reads multipart (uploads), or the sandbox's own JSON.
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 2, arbitrary: formBody },
    { weight: 2, arbitrary: oddValue.map((value) => ({ kind: 'json' as const, value })) },
    {
      weight: 2,
      arbitrary: fc
        .record({
          order_id: fc.oneof(fc.constantFrom(...ctx.known.uuids), oddValue),
          outcome: fc.oneof(fc.constantFrom('success', 'failure'), oddValue),
          amount: fc.oneof(fc.integer(), oddValue),
          currency: fc.constantFrom('INR', 'USD'),
          receipt: fc.string(),
        })
        .map((value) => ({ kind: 'json' as const, value })),
    },
    { weight: 1, arbitrary: malformedJson('{}').map((text) => ({ kind: 'raw' as const, text })) },
    { weight: 1, arbitrary: oversized },
  );
}

// ---------- headers ----------

/** Header values must be visible ASCII; everything here is, and each is odd in its own way. */
const headerVariants: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 12, arbitrary: fc.constant({}) },
  fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/merge-patch+json',
      'APPLICATION/JSON',
      'application/jsonp',
      '',
      ';;;',
    )
    .map((type) => ({ 'content-type': type })),
  fc
    .constantFrom('https://evil.example', 'null', 'http://localhost', 'garbage', 'http://[::1')
    .map((origin) => ({ origin })),
  fc
    .constantFrom('', 'unknown', '999.999.1.1', '::ffff:10.0.0.1', 'fe80::1%eth0', ',,,', 'a'.repeat(2_000))
    .map((forwarded) => ({ 'x-forwarded-for': forwarded })),
  fc.constantFrom('-1', 'abc', '1e9', '0').map((length) => ({ 'content-length': length })),
  fc
    .constantFrom('Bearer', 'Bearer  ', 'bearer x.y.z', 'Basic Og==', `Bearer ${'a'.repeat(8_000)}`)
    .map((authorization) => ({ authorization })),
  fc.stringMatching(/^[0-9a-f]{0,64}$/).map((signature) => ({ 'x-razorpay-signature': signature })),
);

/** Mostly the fuzzer's own accounts; the sandbox and the cron jobs mostly with their own credentials. */
function callersFor(route: Route): fc.Arbitrary<Caller> {
  const own: Caller | null = route.pattern.startsWith('/sandbox/')
    ? 'sandbox'
    : /\/cron\/|\/payment\/reconcile$/.test(route.pattern)
      ? 'cron'
      : null;
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant<Caller>('admin') },
    { weight: 2, arbitrary: fc.constant<Caller>('organiser') },
    { weight: 4, arbitrary: fc.constant<Caller>('user') },
    { weight: 2, arbitrary: fc.constant<Caller>('anonymous') },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Caller>('garbage', 'forged', 'odd-claims', 'cron', 'sandbox', 'user-cookie'),
    },
    { weight: own ? 14 : 0, arbitrary: fc.constant<Caller>(own ?? 'anonymous') },
  );
}

/** How much of the run a route gets: those that read a body or a query string have more to try. */
export function weightOf(route: Route): number {
  if (route.method !== 'GET') return 3;
  return route.schemas?.query || route.params.length > 0 ? 2 : 1;
}

export function requestFor(route: Route, ctx: Context): fc.Arbitrary<FuzzRequest> {
  const params: Record<string, fc.Arbitrary<string | string[]>> = {};
  for (const { name, catchAll } of route.params) params[name] = paramValue(ctx, catchAll);
  return fc
    .record({
      params: fc.record(params),
      query: queryValue(route, ctx),
      caller: callersFor(route),
      headers: headerVariants,
      body: bodyFor(route, ctx),
      signed: fc.boolean(),
    })
    .map((parts) => {
      const request: FuzzRequest = { route, ...parts };
      // fast-check prints a failing value; the route's handler and schemas would drown the request.
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}

// ---------- sending ----------

function bodyText(body: Body): string | undefined {
  if (body.kind === 'json') return JSON.stringify(body.value);
  if (body.kind === 'raw') return body.text;
  if (body.kind === 'oversized') return JSON.stringify({ text: 'x'.repeat(body.bytes) });
  return undefined;
}

function formData(body: Extract<Body, { kind: 'form' }>): FormData {
  const bytes = {
    png,
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    text: Buffer.from('hello'),
    empty: Buffer.alloc(0),
    big: Buffer.alloc(11 * 1024 * 1024, 1),
  }[body.file];
  const form = new FormData();
  form.append(body.field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), body.filename);
  return form;
}

/** A stream of `text`'s bytes in 16 KB chunks and no Content-Length, as a chunked upload arrives. */
function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 16_384));
      offset += 16_384;
    },
  });
}

/** The URL path with the parameters filled in, encoded as a browser would. */
export function concretePath(request: FuzzRequest): string {
  return request.route.pattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => {
    const value = request.params[name] ?? '';
    return Array.isArray(value) ? value.map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}

export function toRequest(request: FuzzRequest, ctx: Context): Request {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`,
  };
  const caller = ctx.callers[request.caller];
  if (caller) headers[caller.header] = caller.value;
  Object.assign(headers, request.headers);
  const { body } = request;
  let payload: BodyInit | undefined;
  if (request.route.method !== 'GET') {
    if (body.kind === 'form') {
      payload = formData(body);
      delete headers['content-type']; // the FormData sets its own, with the boundary
    } else {
      const text = bodyText(body);
      if (body.kind === 'oversized' && body.how === 'streamed') payload = streamOf(text as string);
      else payload = text;
      if (body.kind === 'oversized' && body.how === 'declared')
        headers['content-length'] = String(text?.length);
      if (body.kind === 'oversized' && body.how === 'lying') headers['content-length'] = '999999999';
      if (request.signed && text !== undefined) {
        headers['x-razorpay-signature'] = webhookSignature(text, paymentProvider().webhookSecret);
      }
    }
  }
  return new Request(`http://localhost${concretePath(request)}${request.query}`, {
    method: request.route.method,
    headers,
    body: payload,
    duplex: 'half',
  } as RequestInit);
}

/** A short, printable account of a request, for failure messages (bodies can be 200 KB). */
export function describeRequest(request: FuzzRequest): string {
  const cut = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const { body } = request;
  const shownBody =
    body.kind === 'json'
      ? cut(JSON.stringify(body.value) ?? 'undefined')
      : body.kind === 'raw'
        ? cut(JSON.stringify(body.text))
        : JSON.stringify(body);
  return [
    `${request.route.method} ${cut(concretePath(request), 200)}${cut(request.query, 200)}`,
    `caller: ${request.caller}${request.signed ? ' (signed)' : ''}`,
    `headers: ${cut(JSON.stringify(request.headers), 200)}`,
    `body: ${shownBody}`,
  ].join('\n  ');
}

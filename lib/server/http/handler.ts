import 'server-only';
import crypto from 'node:crypto';
import type { z } from 'zod';
import { authenticate, type AuthUser } from '@/lib/server/auth/session';
import { getDb, type Db } from '@/lib/server/db';
import { isDatabaseUnavailable } from '@/lib/server/db/client';
import { apiGuardMessages, consoleRoles, organiserRoles } from '@/lib/roles';
import { env } from '@/lib/server/env';
import { logger } from '@/lib/server/log';
import { queryObject } from '@/lib/query-string';
import { AppError } from './app-error';
import { abortedByClient } from './client-abort';
import { normaliseAddress, peerAddressInstalled, peerHeaderName } from './peer-address';

/**
 * The one wrapper every route handler goes through. It owns authentication, role checks, payload
 * parsing, the single try/catch and the mapping of AppError to an HTTP answer, so handler bodies stay a
 * few lines of "parse, call a service, answer".
 */

/** Path parameters as Next hands them over; a route names the ones it has in its type arguments. */
type RouteParams = Record<string, string>;

export interface HandlerContext<B, Q, P> {
  request: Request;
  body: B;
  query: Q;
  params: P;
  db: Db;
  requestId: string;
  ip: string;
}

/** The context of a route with `auth`: only there is the caller known, so only there is `user` typed. */
export interface SignedInContext<B, Q, P> extends HandlerContext<B, Q, P> {
  user: AuthUser;
}

export interface Reply {
  message: string;
  data?: unknown;
  status?: number;
  headers?: Record<string, string>;
  /** Fields answered beside message and data (the login answer carries its token at the top level). */
  extra?: Record<string, unknown>;
}

/** A schema for the JSON body, 'text' for the body exactly as sent, or nothing. */
type BodyOption = z.ZodType | 'text' | undefined;
type QueryOption = z.ZodType | undefined;

interface Options<S extends BodyOption, Q extends QueryOption> {
  /**
   * A schema for the JSON body; 'text' for the raw text (the webhook's signature covers those exact
   * bytes); omitted for handlers that read the body themselves (multipart) or have none.
   */
  body?: S;
  /** A schema for the query string, read by queryObject's rule: first value of a key, blanks left out. */
  query?: Q;
  /** A larger cap than maxBodyBytes for the few bodies that need one (a phone's batch of offline scans). */
  maxBodyBytes?: number;
}

/** true: any signed-in user; a list: only these roles. Omitted (or false): open to everyone. */
type Auth = true | readonly string[];

type BodyOf<S> = S extends z.ZodType ? z.output<S> : S extends 'text' ? string : undefined;
type QueryOf<Q> = Q extends z.ZodType ? z.output<Q> : undefined;

type Handler<C> = (ctx: C) => Promise<Reply | Response>;
type RouteContext = { params: Promise<Record<string, string | string[]>> };
type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

/**
 * The caller's address, for per-IP limits. With no trusted proxy (TRUSTED_PROXY_HOPS=0) it is the socket's
 * address, which start-up stamps on every request (peer-address.ts); X-Forwarded-For is then ignored, as
 * any client can write it. Behind N proxies that each append to X-Forwarded-For it is the Nth address from
 * the right: the one the outermost trusted proxy saw. Entries left of it were written by the client.
 */
export function clientIp(request: Request, hops: number = env().TRUSTED_PROXY_HOPS): string {
  const peer = normaliseAddress(request.headers.get(peerHeaderName()));
  if (hops === 0) return peer ?? unknownPeer();
  return forwardedAddress(request.headers.get('x-forwarded-for'), hops) ?? peer ?? unknownPeer();
}

/** The Nth address from the right of an X-Forwarded-For value (the leftmost if fewer); null if none. */
export function forwardedAddress(value: string | null, hops: number): string | null {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return null;
  return normaliseAddress(entries[Math.max(0, entries.length - hops)]);
}

let warnedUnknownPeer = false;

/** No address at all: every such caller shares one bucket, so say so once in the log. */
function unknownPeer(): string {
  if (!warnedUnknownPeer && peerAddressInstalled()) {
    warnedUnknownPeer = true;
    logger.warn('a request came without a client address; check TRUSTED_PROXY_HOPS');
  }
  return 'unknown';
}

/**
 * Every API answer is `private, no-store` (most carry or concern a person) unless its handler says
 * otherwise: the public content reads (publicRead) answer their successes with `publicCacheHeaders`.
 */
export function replyJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, {
    status,
    headers: { 'cache-control': 'private, no-store', ...headers },
  });
}

/**
 * For answers that are the same for everyone (the public content reads): a CDN or proxy may keep them 10
 * seconds, and serve them a minute longer while it asks again. The server's own copy (Next's route cache)
 * is revalidated by tag.
 */
export const publicCacheHeaders = {
  'cache-control': 'public, s-maxage=10, stale-while-revalidate=60',
} as const;

/** Turns zod issues into one message per field, the first one found. */
function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Input parsed with its schema, or a 400 whose message is the first field's and `errors` every field's. */
function parseInput<S extends z.ZodType>(schema: S, input: unknown, fallback: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = fieldErrorsOf(parsed.error);
  throw new AppError('invalid_input', Object.values(errors)[0] ?? fallback, { fieldErrors: errors });
}

/** The most a JSON or text body may hold; uploads (multipart) are read by their handlers, with their caps. */
export const maxBodyBytes = 64 * 1024;

export const bodyMessages = {
  tooLarge: `The request is too large: at most ${maxBodyBytes / 1024} KB may be sent here.`,
  notJson: 'The request body must be sent as JSON (Content-Type: application/json).',
  invalidJson: 'The request body must be valid JSON.',
  nul: 'Text may not contain a NUL character.',
  loneSurrogate: 'Text must be valid Unicode: it holds half of a character (a lone surrogate).',
  tooDeep: 'The request is nested too deeply.',
  otherSite: 'This request came from another site and was refused.',
} as const;

/** The 413's message for a cap: the usual one, or the larger cap of a route that has one. */
function tooLargeMessage(limit: number): string {
  return limit === maxBodyBytes
    ? bodyMessages.tooLarge
    : `The request is too large: at most ${limit / 1024} KB may be sent here.`;
}

/**
 * The body as text, refused with a 413 past `limit` bytes: at once when Content-Length says so, else as
 * soon as the stream passes the limit (it is cancelled, so nothing more is read or kept).
 */
async function readCappedText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw new AppError('too_large', tooLargeMessage(limit));
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new AppError('too_large', tooLargeMessage(limit));
    }
    chunks.push(value);
  }
  // As request.text() decodes: UTF-8, a leading byte-order mark dropped, bad bytes replaced.
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** application/json or a +json type (application/problem+json), parameters such as charset aside. */
function isJsonType(contentType: string | null): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

async function readJson(request: Request, limit: number): Promise<unknown> {
  const text = await readCappedText(request, limit);
  if (text.trim() === '') return {};
  // A form or a text/plain body is what another site can send without asking (no CORS preflight).
  if (!isJsonType(request.headers.get('content-type'))) {
    throw new AppError('unsupported_type', bodyMessages.notJson);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('invalid_input', bodyMessages.invalidJson);
  }
  refuseNul(parsed, []);
  return parsed;
}

/** The deepest a JSON body may nest (an event's participation options are three levels down). */
const maxNesting = 32;

/**
 * A 400 naming the first field (or key) that holds a NUL character or half a character (a lone UTF-16
 * surrogate, which JSON's \ud800 escapes can carry): PostgreSQL refuses both in text, and no form has a
 * reason to send either. Checked here for every body, query string and path parameter, so no schema can
 * forget it.
 */
function refuseNul(value: unknown, path: (string | number)[]): void {
  // No form nests more than a few levels; a body of thousands (60 KB of "[[[[") would overflow the stack.
  if (path.length > maxNesting) throw new AppError('invalid_input', bodyMessages.tooDeep);
  if (typeof value === 'string') {
    checkText(value, path);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => refuseNul(item, [...path, index]));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      checkText(key, path);
      refuseNul(item, [...path, key]);
    }
  }
}

/** For bodies read outside apiRoute's parsing (the webhook's signed text, the sandbox): the same rule. */
export function assertNoNul(value: unknown): void {
  refuseNul(value, []);
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function checkText(value: string, path: (string | number)[]): void {
  if (value.includes('\0')) nulError(path);
  if (loneSurrogate.test(value)) {
    const key = path.length > 0 ? path.join('.') : '_';
    throw new AppError('invalid_input', bodyMessages.loneSurrogate, {
      fieldErrors: { [key]: bodyMessages.loneSurrogate },
    });
  }
}

function nulError(path: (string | number)[]): never {
  const key = path.length > 0 ? path.join('.') : '_';
  throw new AppError('invalid_input', bodyMessages.nul, { fieldErrors: { [key]: bodyMessages.nul } });
}

async function readBody(request: Request, option: BodyOption, limit = maxBodyBytes): Promise<unknown> {
  if (option === undefined) return undefined;
  if (option === 'text') {
    const text = await readCappedText(request, limit);
    if (text.includes('\0')) throw new AppError('invalid_input', bodyMessages.nul);
    return text;
  }
  return parseInput(option, await readJson(request, limit), 'Please check the form and try again.');
}

function readQuery(request: Request, option: QueryOption): unknown {
  const params = new URL(request.url).searchParams;
  for (const [key, value] of params) {
    if (key.includes('\0')) nulError([]);
    refuseNul(value, [key]);
  }
  if (option === undefined) return undefined;
  return parseInput(option, queryObject(params), 'Please check the filters.');
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery: a state-changing call whose Origin is another site's is refused (403). The
 * site's own pages send its origin (SITE_URL's, or the one the request was addressed to); calls without
 * an Origin (the payment provider's webhook, curl, other servers) carry no visitor's cookies and pass.
 */
function refuseOtherOrigin(request: Request): void {
  if (!stateChanging.has(request.method.toUpperCase())) return;
  const origin = request.headers.get('origin');
  if (origin === null) return;
  if (origin === new URL(env().SITE_URL).origin) return;
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    // 'null' (a sandboxed frame, a privacy-minded redirect) or garbage: not this site.
  }
  const ownHosts = [request.headers.get('host'), new URL(request.url).host];
  if (host !== null && ownHosts.includes(host)) return;
  throw new AppError('forbidden', bodyMessages.otherSite);
}

/** The caller when `auth` lets them in: 401 without a valid token, 403 for a role not on the list. */
async function signedInUser(db: Db, request: Request, auth: Auth): Promise<AuthUser> {
  const user = await authenticate(db, request);
  if (!user) throw new AppError('unauthenticated', apiGuardMessages.login);
  if (auth !== true && !auth.includes(user.role)) {
    throw new AppError('forbidden', apiGuardMessages.unauthorized);
  }
  return user;
}

export const databaseUnavailableMessage =
  'The site is very busy right now. Please try again in a few seconds.';
const databaseRetryAfterSeconds = 5;

function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    // Every 503 says when to come back (clients and proxies wait that long instead of hammering a site
    // that is switching databases): the error's own time, else the database's.
    const retryAfter = error.retryAfter ?? (error.status === 503 ? databaseRetryAfterSeconds : undefined);
    if (retryAfter !== undefined) headers['retry-after'] = String(Math.ceil(retryAfter));
    return replyJson(
      error.status,
      {
        message: error.message,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        ...(error.reason ? { reason: error.reason } : {}),
        ...(retryAfter !== undefined ? { retryAfter: Math.ceil(retryAfter) } : {}),
      },
      headers,
    );
  }
  if (abortedByClient(error)) {
    // Not an outage: until this, the shared code made it one ("database unavailable", a 503 in the metrics).
    logger.info({ requestId }, 'request cut off by its client');
    return replyJson(400, { message: 'The request was cut off before it arrived whole.' });
  }
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error, requestId }, 'database unavailable');
    return replyJson(
      503,
      { message: databaseUnavailableMessage, retryAfter: databaseRetryAfterSeconds },
      { 'retry-after': String(databaseRetryAfterSeconds) },
    );
  }
  logger.error({ err: error, requestId }, 'unhandled error in route handler');
  return replyJson(500, { message: 'Something went wrong on our side. Please try again.', requestId });
}

/*
 * Two signatures so that `user` is in the handler's context exactly when `auth` is set: a route that
 * forgets `auth` cannot read a caller that was never checked. Both keep the type arguments <body, params,
 * query> in that order, so a route that names its path parameters (<typeof schema, { id: string }>) still
 * has the rest inferred from its options.
 */
export function apiRoute<
  S extends BodyOption = undefined,
  P = RouteParams,
  Q extends QueryOption = undefined,
>(
  options: Options<S, Q> & { auth: Auth },
  fn: Handler<SignedInContext<BodyOf<S>, QueryOf<Q>, P>>,
): RouteHandler;
export function apiRoute<
  S extends BodyOption = undefined,
  P = RouteParams,
  Q extends QueryOption = undefined,
>(
  options: Options<S, Q> & { auth?: false },
  fn: Handler<HandlerContext<BodyOf<S>, QueryOf<Q>, P>>,
): RouteHandler;
export function apiRoute(
  options: Options<BodyOption, QueryOption> & { auth?: Auth | false },
  fn: Handler<SignedInContext<unknown, unknown, unknown>>,
): RouteHandler {
  const handler: RouteHandler = async (request, context) => {
    const requestId = crypto.randomUUID();
    try {
      refuseOtherOrigin(request);
      const db = await getDb();
      const user = options.auth ? await signedInUser(db, request, options.auth) : undefined;
      const query = readQuery(request, options.query);
      const body = await readBody(request, options.body, options.maxBodyBytes);
      const params = await routeParams(context);
      const result = await fn({
        request,
        body,
        query,
        params,
        // Undefined only for an open route, whose handler is typed without `user` (the signatures above).
        user: user as AuthUser,
        db,
        requestId,
        ip: clientIp(request),
      });
      return result instanceof Response ? result : replyOf(result);
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
  return withSchemas(handler, { body: options.body, query: options.query });
}

/** The path parameters Next hands over, a NUL in any of them refused (400). */
async function routeParams(context: RouteContext | undefined): Promise<Record<string, unknown>> {
  const params = (await context?.params) ?? {};
  refuseNul(params, []);
  return params;
}

/** A handler's Reply as the JSON answer: `{ message, ...extra, data }` with its status and headers. */
function replyOf(result: Reply): Response {
  return replyJson(
    result.status ?? 200,
    {
      message: result.message,
      ...result.extra,
      ...(result.data !== undefined ? { data: result.data } : {}),
    },
    result.headers,
  );
}

/**
 * Not used by the app: the fuzzing test (tests/fuzz) derives its inputs from these. Non-enumerable, so a
 * route module's exports look as they did.
 */
function withSchemas(handler: RouteHandler, schemas: RouteSchemas): RouteHandler {
  Object.defineProperty(handler, 'schemas', { value: schemas });
  return handler;
}

/** What a public read's handler is given: no caller, only the path's parameters. */
export interface PublicReadContext<P> {
  params: P;
  /** Named in the log beside an unexpected error, and in the 500's body. */
  requestId: string;
}

/**
 * The public content reads (event categories, a category's events, the team, the sponsors): answers that
 * are the same for everyone, served whole from Next's route cache as the public pages are. Each route
 * file exports `dynamic = 'force-static'`, so a cache hit runs nothing of this: no handler, no query. A
 * miss (the first request after a start or deploy, or after `contentChanged` revalidated a tag the answer
 * read through lib/server/content-cache.ts) runs the handler once, and Next keeps what it answered, tagged
 * with the content tags of the cached reads it made.
 *
 * Unlike apiRoute, the handler is given no request: the answer is shared by every caller, and Next hands a
 * static handler a request stripped of its headers, cookies and query anyway. So there is no caller's
 * address, no user, no body or query to read, and no database is opened here: the cached reads open it on
 * a miss, and answer empty during `next build`, which prerenders these routes without a database.
 *
 * A success is `publicCacheHeaders`. An error is replyJson's `private, no-store`, as everywhere: a 400 or
 * 404 is kept by Next like a success (the 404 of an unknown category with the events' tag, so a category
 * added later is found), while the shared cache handler keeps no 5xx (lib/cache/shared-cache-handler.ts),
 * so a database outage is not remembered past its end.
 */
export function publicRead<P = RouteParams>(fn: (ctx: PublicReadContext<P>) => Promise<Reply>): RouteHandler {
  const handler: RouteHandler = async (_request, context) => {
    const requestId = crypto.randomUUID();
    try {
      const params = (await routeParams(context)) as P;
      const result = await fn({ params, requestId });
      return replyOf({ ...result, headers: { ...publicCacheHeaders, ...result.headers } });
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
  return withSchemas(handler, { body: undefined, query: undefined });
}

/** The body and query schemas a handler made by apiRoute (or adminRoute, cronRoute) was given. */
export interface RouteSchemas {
  body: BodyOption;
  query: QueryOption;
}

/** A route handler's schemas, or undefined for one written without apiRoute (health, the sandbox). */
export function routeSchemas(handler: unknown): RouteSchemas | undefined {
  return (handler as { schemas?: RouteSchemas } | null)?.schemas;
}

/**
 * The organisers' console API: apiRoute restricted to organisers and admins. Every write under
 * /api/admin goes through here, so the role check cannot be forgotten on a new route.
 */
export function adminRoute<
  S extends BodyOption = undefined,
  P = RouteParams,
  Q extends QueryOption = undefined,
>(
  options: Options<S, Q> & { adminOnly?: boolean; volunteers?: boolean },
  fn: Handler<SignedInContext<BodyOf<S>, QueryOf<Q>, P>>,
): RouteHandler {
  const { adminOnly, volunteers, ...rest } = options;
  // `volunteers`: the scanning calls (check-in, attendance) that volunteers may make as well.
  const auth = adminOnly ? ['admin'] : volunteers ? consoleRoles : organiserRoles;
  return apiRoute<S, P, Q>({ ...rest, auth }, fn);
}

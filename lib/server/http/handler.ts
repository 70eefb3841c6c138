import 'server-only';
import crypto from 'node:crypto';
import type { z } from 'zod';
import { authenticate, type AuthUser } from '@/lib/server/auth/session';
import { getDb, type Db } from '@/lib/server/db';
import { apiGuardMessages, organiserRoles } from '@/lib/roles';
import { logger } from '@/lib/server/log';
import { queryObject } from '@/lib/query-string';
import { AppError } from './app-error';

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
}

/** true: any signed-in user; a list: only these roles. Omitted (or false): open to everyone. */
type Auth = true | readonly string[];

type BodyOf<S> = S extends z.ZodType ? z.output<S> : S extends 'text' ? string : undefined;
type QueryOf<Q> = Q extends z.ZodType ? z.output<Q> : undefined;

type Handler<C> = (ctx: C) => Promise<Reply | Response>;
type RouteContext = { params: Promise<Record<string, string | string[]>> };
type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || request.headers.get('x-real-ip') || 'unknown';
}

export function replyJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, {
    status,
    headers: { 'cache-control': 'no-store', ...headers },
  });
}

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

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('invalid_input', 'The request body must be valid JSON.');
  }
}

async function readBody(request: Request, option: BodyOption): Promise<unknown> {
  if (option === undefined) return undefined;
  if (option === 'text') return request.text();
  return parseInput(option, await readJson(request), 'Please check the form and try again.');
}

function readQuery(request: Request, option: QueryOption): unknown {
  if (option === undefined) return undefined;
  return parseInput(option, queryObject(new URL(request.url).searchParams), 'Please check the filters.');
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

function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    if (error.retryAfter !== undefined) headers['retry-after'] = String(Math.ceil(error.retryAfter));
    return replyJson(
      error.status,
      {
        message: error.message,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        ...(error.reason ? { reason: error.reason } : {}),
        ...(error.retryAfter !== undefined ? { retryAfter: Math.ceil(error.retryAfter) } : {}),
      },
      headers,
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
  return async (request, context) => {
    const requestId = crypto.randomUUID();
    try {
      const db = await getDb();
      const user = options.auth ? await signedInUser(db, request, options.auth) : undefined;
      const query = readQuery(request, options.query);
      const body = await readBody(request, options.body);
      const params = (await context?.params) ?? {};
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
      if (result instanceof Response) return result;
      return replyJson(
        result.status ?? 200,
        {
          message: result.message,
          ...result.extra,
          ...(result.data !== undefined ? { data: result.data } : {}),
        },
        result.headers,
      );
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
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
  options: Options<S, Q> & { adminOnly?: boolean },
  fn: Handler<SignedInContext<BodyOf<S>, QueryOf<Q>, P>>,
): RouteHandler {
  const { adminOnly, ...rest } = options;
  return apiRoute<S, P, Q>({ ...rest, auth: adminOnly ? ['admin'] : organiserRoles }, fn);
}

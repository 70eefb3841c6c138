import 'server-only';
import crypto from 'node:crypto';
import type { z } from 'zod';
import { authenticate, type AuthUser } from '@/lib/server/auth/session';
import { getDb, type Db } from '@/lib/server/db';
import { apiGuardMessages, organiserRoles } from '@/lib/roles';
import { logger } from '@/lib/server/log';
import { AppError } from './app-error';

/**
 * The one wrapper every route handler goes through. It owns authentication, role checks, payload
 * parsing, the single try/catch and the mapping of AppError to an HTTP answer, so handler bodies stay a
 * few lines of "parse, call a service, answer".
 */

export interface HandlerContext<B, P> {
  request: Request;
  body: B;
  params: P;
  /** Present when the route requires authentication. */
  user: AuthUser;
  db: Db;
  requestId: string;
  ip: string;
}

export interface Reply {
  message: string;
  data?: unknown;
  status?: number;
  headers?: Record<string, string>;
  /** Fields answered beside message and data (the login answer carries its token at the top level). */
  extra?: Record<string, unknown>;
}

interface Options<S extends z.ZodType | undefined> {
  /** false (default): open; true: any signed-in user; a list: only these roles. */
  auth?: boolean | readonly string[];
  /** Schema for the JSON body; omitted for handlers that read the body themselves (multipart, raw). */
  body?: S;
}

type BodyOf<S> = S extends z.ZodType ? z.output<S> : undefined;

type RouteContext = { params: Promise<Record<string, string | string[]>> };

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
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
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

export function errorResponse(error: unknown, requestId: string): Response {
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

export function apiRoute<S extends z.ZodType | undefined = undefined, P = Record<string, string>>(
  options: Options<S>,
  fn: (ctx: HandlerContext<BodyOf<S>, P>) => Promise<Reply | Response>,
): (request: Request, context: RouteContext) => Promise<Response> {
  return async (request, context) => {
    const requestId = crypto.randomUUID();
    try {
      const db = await getDb();
      let user: AuthUser | null = null;
      if (options.auth) {
        user = await authenticate(db, request);
        if (!user) throw new AppError('unauthenticated', apiGuardMessages.login);
        if (Array.isArray(options.auth) && !options.auth.includes(user.role)) {
          throw new AppError('forbidden', apiGuardMessages.unauthorized);
        }
      }
      let body: unknown = undefined;
      if (options.body) {
        const parsed = options.body.safeParse(await readJson(request));
        if (!parsed.success) {
          const errors = fieldErrorsOf(parsed.error);
          const first = Object.values(errors)[0] ?? 'Please check the form and try again.';
          throw new AppError('invalid_input', first, { fieldErrors: errors });
        }
        body = parsed.data;
      }
      const params = ((await context?.params) ?? {}) as P;
      const result = await fn({
        request,
        body: body as BodyOf<S>,
        params,
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
export function adminRoute<S extends z.ZodType | undefined = undefined, P = Record<string, string>>(
  options: Omit<Options<S>, 'auth'> & { adminOnly?: boolean },
  fn: (ctx: HandlerContext<BodyOf<S>, P>) => Promise<Reply | Response>,
): (request: Request, context: RouteContext) => Promise<Response> {
  const { adminOnly, ...rest } = options;
  return apiRoute<S, P>({ ...rest, auth: adminOnly ? ['admin'] : organiserRoles }, fn);
}

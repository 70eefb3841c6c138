import 'server-only';
import crypto from 'node:crypto';
import type { Db } from '@/lib/server/db';
import { env } from '@/lib/server/env';
import { AppError } from './app-error';
import { apiRoute, type Reply } from './handler';

/**
 * Jobs a scheduler calls over HTTP (a hosting platform's cron, or curl from a system timer), for
 * deployments that keep no long-running process: `Authorization: Bearer $CRON_SECRET`, which is exactly
 * what Vercel Cron sends. While CRON_SECRET is unset the endpoints do not exist (404); a wrong or
 * missing secret is a 401.
 */
export function cronAuthorised(request: Request): boolean {
  return carriesBearer(request, env().CRON_SECRET);
}

/** Whether the request's Authorization is `Bearer <secret>` (compared in constant time); false without one. */
export function carriesBearer(request: Request, secret: string | undefined): boolean {
  if (!secret) return false;
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** A route handler that runs `job` for an authorised scheduler. */
export function cronRoute(job: string, run: (db: Db) => Promise<Reply>) {
  return apiRoute({}, async ({ db, request }) => {
    if (!env().CRON_SECRET) {
      throw new AppError('not_found', `${job} over HTTP is off: set CRON_SECRET to enable it.`);
    }
    if (!cronAuthorised(request)) throw new AppError('unauthenticated', 'A valid cron secret is required.');
    return run(db);
  });
}

// POST /api/payment/reconcile: settle or expire orders left unfinished (for a cron; needs CRON_SECRET)
import crypto from 'node:crypto';
import { env } from '@/lib/server/env';
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute } from '@/lib/server/http/handler';
import { reconcilePayments } from '@/lib/server/payments/reconcile';

function authorised(request: Request): boolean {
  const secret = env().CRON_SECRET;
  if (!secret) return false;
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export const POST = apiRoute({}, async ({ db, request }) => {
  if (!env().CRON_SECRET)
    throw new AppError('not_found', 'Reconciliation over HTTP is off: set CRON_SECRET to enable it.');
  if (!authorised(request)) throw new AppError('unauthenticated', 'A valid cron secret is required.');
  return { message: 'Reconciled', data: await reconcilePayments(db) };
});

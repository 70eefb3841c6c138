import 'server-only';
import { getDb } from '@/lib/server/db';
import { requireProductionServices } from '@/lib/server/dev-conveniences';
import { env, isBuildPhase, isPreview, usesOutbox, usesPaymentSandbox } from '@/lib/server/env';
import { logger } from '@/lib/server/log';
import { deliverDueMail } from '@/lib/server/mail/mail-service';
import { connectSandboxToApp } from '@/lib/server/payments/webhooks';

const mailRetryIntervalMs = 30_000;
const holder = globalThis as typeof globalThis & { __festivalWorkers?: NodeJS.Timeout };

/**
 * Fails fast on bad configuration (a production site without real mail and payments included, unless it
 * is a preview), migrates (and seeds) the database, connects the payment sandbox's
 * webhooks to the app, and starts the mail retry loop.
 */
export async function startServer(): Promise<void> {
  const e = env(); // throws a readable EnvError on bad variables
  if (isBuildPhase()) return;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new Error('JWT_SECRET must be set in production (at least 32 characters).');
  }
  requireProductionServices();
  if (e.NODE_ENV === 'production' && isPreview()) {
    logger.warn('Preview deployment: payments go to the sandbox and mail to the outbox at /dev/mail.');
  }
  const db = await getDb();
  if (usesPaymentSandbox()) connectSandboxToApp();
  if (!usesOutbox() && !holder.__festivalWorkers) {
    holder.__festivalWorkers = setInterval(() => {
      deliverDueMail(db).catch((error: unknown) => logger.error({ err: error }, 'mail retry loop failed'));
    }, mailRetryIntervalMs);
    holder.__festivalWorkers.unref();
  }
  logger.info({ database: e.DATABASE_URL ? 'postgres' : 'pglite' }, 'server ready');
}

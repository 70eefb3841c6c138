import 'server-only';
import { requireWritableDataDir } from '@/lib/server/data-dir';
import { getDb } from '@/lib/server/db';
import type { Db } from '@/lib/server/db/client';
import { requireProductionServices } from '@/lib/server/dev-conveniences';
import { runsAsFunction } from '@/lib/server/function-platform';
import { env, isBuildPhase, isPreview, usesOutbox, usesPaymentSandbox } from '@/lib/server/env';
import { logger } from '@/lib/server/log';
import { markStarted } from '@/lib/server/readiness';
import { drainDueMail } from '@/lib/server/mail/mail-service';
import { announcementsTick } from '@/lib/server/announcements/job';
import { reconcilePayments } from '@/lib/server/payments/reconcile';
import { connectSandboxToApp } from '@/lib/server/payments/webhooks';
import { waitingListJob } from '@/lib/server/services/waiting-list-job';

const mailRetryIntervalMs = 30_000;
/** Due announcements, reminders and the push queue: often, so a message reaches phones within seconds. */
const announcementsIntervalMs = 5_000;
const reconcileIntervalMs = 10 * 60_000;
/** The certificate renderer is warmed this long after a start, once the server's own start is done. */
const rendererWarmUpDelayMs = 3_000;
/** Offers lapse and lapsed order holds free their places without a write: swept this often. */
const waitingListIntervalMs = 60_000;
const holder = globalThis as typeof globalThis & {
  __festivalWorkers?: NodeJS.Timeout;
  __festivalReconciler?: NodeJS.Timeout;
  __festivalWaitingLists?: NodeJS.Timeout;
  __festivalAnnouncements?: NodeJS.Timeout;
};

/**
 * Fails fast on bad configuration (a production site without real mail and payments included, unless it
 * is a preview), migrates (and seeds) the database, connects the payment sandbox's
 * webhooks to the app, and starts the mail retry, payment reconciliation and waiting list loops of a
 * long-running server. They are also cron endpoints (/api/cron/*) for platforms that keep no process
 * between requests, where the loops are not started (runsAsFunction), and all are safe to run on several
 * instances and the cron at once.
 */
export async function startServer(): Promise<void> {
  const e = env(); // throws a readable EnvError on bad variables
  if (isBuildPhase()) return;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new Error('JWT_SECRET must be set in production (at least 32 characters).');
  }
  requireProductionServices();
  requireWritableDataDir(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && isPreview()) {
    logger.warn('Preview deployment: payments go to the sandbox and mail to the outbox at /dev/mail.');
  }
  const db = await getDb();
  if (usesPaymentSandbox()) connectSandboxToApp();
  if (!runsAsFunction()) startBackgroundWork(db);
  markStarted();
  logger.info({ database: e.DATABASE_URL ? 'postgres' : 'pglite' }, 'server ready');
}

/**
 * The loops and the renderer's warm-up of a long-running server. A function's process is frozen between
 * requests: its loops would fire in the middle of some later request, if ever, and the warm-up's forty
 * renderings would land on a visitor's cold start.
 */
function startBackgroundWork(db: Db): void {
  const e = env();
  if (!usesOutbox() && !holder.__festivalWorkers) {
    holder.__festivalWorkers = setInterval(() => {
      drainDueMail(db, mailRetryIntervalMs - 5_000).catch((error: unknown) =>
        logger.error({ err: error }, 'mail retry loop failed'),
      );
    }, mailRetryIntervalMs);
    holder.__festivalWorkers.unref();
  }
  if (!holder.__festivalReconciler) {
    holder.__festivalReconciler = setInterval(() => {
      reconcilePayments(db).catch((error: unknown) =>
        logger.error({ err: error }, 'reconciliation loop failed'),
      );
    }, reconcileIntervalMs);
    holder.__festivalReconciler.unref();
  }
  if (!holder.__festivalWaitingLists) {
    holder.__festivalWaitingLists = setInterval(() => {
      waitingListJob(db).catch((error: unknown) => logger.error({ err: error }, 'waiting list loop failed'));
    }, waitingListIntervalMs);
    holder.__festivalWaitingLists.unref();
  }
  if (!holder.__festivalAnnouncements) {
    holder.__festivalAnnouncements = setInterval(() => {
      announcementsTick(db).catch((error: unknown) =>
        logger.error({ err: error }, 'announcements loop failed'),
      );
    }, announcementsIntervalMs);
    holder.__festivalAnnouncements.unref();
  }
  if (e.NODE_ENV === 'production') {
    setTimeout(() => {
      // Loaded here, not with this module: pdf-lib and fontkit stay out of the server's start.
      import('@/lib/server/certificates/pdf-cache')
        .then(async ({ warmUpRenderer }) => {
          const started = performance.now();
          await warmUpRenderer();
          logger.info({ ms: Math.round(performance.now() - started) }, 'certificate renderer warmed up');
        })
        .catch((error: unknown) => logger.error({ err: error }, 'certificate renderer warm-up failed'));
    }, rendererWarmUpDelayMs).unref();
  }
}

/**
 * startServer for instrumentation.ts. Next only logs a failed start and goes on answering with errors; a
 * production server that cannot start properly (missing secrets, no database) must stop, so its
 * supervisor sees it and says why. In development the error is thrown for Next's overlay.
 */
export async function startServerOrExit(): Promise<void> {
  try {
    await startServer();
  } catch (error) {
    if (process.env.NODE_ENV !== 'production') throw error;
    console.error(`The server cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

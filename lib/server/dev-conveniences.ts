import 'server-only';
import { env, isPreview, usesOutbox, usesPaymentSandbox } from '@/lib/server/env';

/*
 * The development conveniences (the mail outbox and the payment sandbox) and where each may run: anywhere
 * outside production; in production only on a preview deployment, with the outbox for organisers alone
 * (it holds every sign-up code, reset code and pass). A production site that is not a preview has
 * neither: it refuses to start without SMTP and Razorpay keys (requireProductionServices).
 */

export type OutboxReaders = 'anyone' | 'organisers' | 'nobody';

/** Who may read the outbox at /dev/mail and /api/dev/mail. */
export function outboxReaders(): OutboxReaders {
  if (!usesOutbox()) return 'nobody';
  if (env().NODE_ENV !== 'production') return 'anyone';
  return isPreview() ? 'organisers' : 'nobody';
}

/** Whether the built-in Razorpay sandbox answers (never on a production site that is not a preview). */
export function sandboxIsOpen(): boolean {
  if (!usesPaymentSandbox()) return false;
  return env().NODE_ENV !== 'production' || isPreview();
}

const productionServices = {
  SMTP_URL: () => env().SMTP_URL,
  RAZORPAY_KEY_ID: () => env().RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET: () => env().RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: () => env().RAZORPAY_WEBHOOK_SECRET,
};

/** The variables a production site that is not a preview lacks (empty when it may start). */
export function missingProductionServices(): string[] {
  if (env().NODE_ENV !== 'production' || isPreview()) return [];
  return Object.entries(productionServices)
    .filter(([, read]) => read() === undefined)
    .map(([name]) => name);
}

/** Throws, naming every missing variable, when a production site would otherwise fall back to the outbox or the sandbox. */
export function requireProductionServices(): void {
  const missing = missingProductionServices();
  if (missing.length === 0) return;
  throw new Error(
    `Production needs real mail and payments: set ${missing.join(', ')}. ` +
      'For a preview deployment (sandbox payments, mail kept in an outbox for organisers) set PREVIEW=true.',
  );
}

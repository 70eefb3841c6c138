import type { Db, Tx } from '@/lib/server/db';
import type { PendingMail } from '@/lib/server/mail/mail-service';
import type { paymentOrders } from '@/lib/server/db/schema';

/*
 * The shapes shared by payments and the purchases it settles. Types only: a domain's fulfiller imports
 * these, never the settling code, so payments and the domains it delivers form no import circle.
 */

export type PaymentPurpose = (typeof paymentOrders.$inferSelect)['purpose'];
export type PaymentOrder = typeof paymentOrders.$inferSelect;

/**
 * What a purchase does once paid. `fulfil` runs inside the settling transaction and throws an AppError
 * ('conflict' or 'gone') when the purchase can no longer be delivered; the payment is then refunded and
 * the buyer told. `notify` and `notifyRefund` run in that same transaction, after the outcome is written:
 * they add the mails announcing it to `mail`, which sends them once the transaction has committed.
 * `settled`, when given, runs after that commit, whatever the outcome (e.g. to revalidate pages).
 */
export interface Fulfiller {
  fulfil(tx: Tx, order: PaymentOrder): Promise<void>;
  notify(tx: Tx, order: PaymentOrder, mail: PendingMail): Promise<void>;
  notifyRefund(tx: Tx, order: PaymentOrder, reason: string, mail: PendingMail): Promise<void>;
  settled?(db: Db, order: PaymentOrder): Promise<void>;
}

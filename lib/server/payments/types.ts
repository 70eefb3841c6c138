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
 * What a purchase does once paid. `fulfil` runs inside the settling transaction, in a savepoint: it
 * resolves once the purchase is delivered, or throws CannotDeliver (cannot-deliver.ts) with the reason the
 * buyer is shown when it can no longer be (sold out meanwhile, someone in the team already registered);
 * the savepoint is then undone, the payment refunded and the buyer told. That is settlement's only refund:
 * any other error, an AppError ('conflict', 'gone') from deep in the fulfilment included, fails the
 * settlement and leaves the order unsettled for a retry, so a new refusal added to a helper never quietly
 * becomes a refund. A helper shared with a request that answers its refusal itself (a free registration's
 * 409) is translated at the fulfiller, by the refusal's `reason`, not by its code.
 * `notify` and `notifyRefund` run in that same transaction, after the outcome is written: they add the
 * mails announcing it to `mail`, which sends them once the transaction has committed. `settled`, when
 * given, runs after that commit, whatever the outcome (e.g. to revalidate pages).
 */
export interface Fulfiller {
  fulfil(tx: Tx, order: PaymentOrder): Promise<void>;
  notify(tx: Tx, order: PaymentOrder, mail: PendingMail): Promise<void>;
  notifyRefund(tx: Tx, order: PaymentOrder, reason: string, mail: PendingMail): Promise<void>;
  settled?(db: Db, order: PaymentOrder): Promise<void>;
}

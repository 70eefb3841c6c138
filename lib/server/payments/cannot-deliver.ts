/**
 * A fulfiller's answer that a paid purchase cannot be delivered (the size sold out while the payment was on
 * its way, someone in the team registered meanwhile): settlement then refunds the payment and tells the
 * buyer `reason`, as it is, after "Your payment has been refunded.". It is the only error settlement refunds
 * on; any other, an AppError included, is a fault or a bug, and leaves the order unsettled for a retry.
 *
 * It imports nothing, so the services that deliver purchases (and the stock and places code under them)
 * can throw it without an import circle through the settling code.
 */
export class CannotDeliver extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CannotDeliver';
  }
}

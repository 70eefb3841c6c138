// What the failover drill (drill-failover.ts) checks, as pure functions of what it gathered: the answers the
// buyers had, each payment captured at the sandbox, each buyer's purchases and mails, the stock, and how
// long the site took to answer again. Each returns the problems it found, as sentences; none means passed.
import type { Kind, Step, Stock } from './rush-stats';

/** The statuses a purchase step may answer during a failover besides 503: done (200, 201) or refused (409). */
const expectedStatuses = new Set([200, 201, 409]);

export interface SeenAnswer {
  step: Step;
  status: number;
  retryAfter?: string;
  message?: string;
}

/** How many answers of each status the buyers had, for the report: "200 × 812, 503 × 40". */
export function statusCounts(answers: SeenAnswer[]): string {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([status, n]) => `${status === 0 ? 'no answer' : status} × ${n}`)
    .join(', ');
}

/**
 * Every answer was a success, a refusal, or a 503 with a Retry-After of whole seconds: never a 500 (or an
 * nginx 502/504), never no answer at all, never another error that would tell the buyer something wrong.
 */
export function answerProblems(answers: SeenAnswer[]): string[] {
  const bad = new Map<string, number>();
  const note = (key: string) => bad.set(key, (bad.get(key) ?? 0) + 1);
  for (const a of answers) {
    if (a.status === 503) {
      if (!a.retryAfter || !/^\d+$/.test(a.retryAfter)) note(`${a.step} 503 without Retry-After`);
    } else if (!expectedStatuses.has(a.status)) {
      note(`${a.step} ${a.status === 0 ? 'no answer' : a.status}: ${(a.message ?? '').slice(0, 80)}`);
    }
  }
  return [...bad.entries()].map(([key, n]) => `${n} × ${key}`);
}

/** One payment captured at the sandbox, and what became of it in the site's database. */
export interface CapturedPayment {
  paymentId: string;
  amount: number;
  refunded: number;
  /** The payment order it paid for is fulfilled, by this payment. */
  fulfilledByIt: boolean;
  /** Confirmed sales and bookings made for its payment order. */
  outcomes: number;
  /** Refunds recorded at the sandbox for this payment. */
  refunds: number;
}

/** 'fulfilled' or 'refunded' when exactly one of the two happened, exactly once; else what is wrong. */
export function paymentOutcome(p: CapturedPayment): 'fulfilled' | 'refunded' | string {
  if (p.fulfilledByIt && p.outcomes === 1 && p.refunds === 0 && p.refunded === 0) return 'fulfilled';
  if (!p.fulfilledByIt && p.outcomes === 0 && p.refunds === 1 && p.refunded === p.amount) return 'refunded';
  if (p.outcomes > 1) return `${p.paymentId} was fulfilled ${p.outcomes} times`;
  if (p.refunds > 1) return `${p.paymentId} was refunded ${p.refunds} times`;
  if (p.outcomes > 0 && p.refunds > 0) return `${p.paymentId} was both fulfilled and refunded`;
  if (p.outcomes === 0 && p.refunds === 0) return `${p.paymentId} was neither fulfilled nor refunded`;
  return `${p.paymentId} is in an unclear state (${JSON.stringify(p)})`;
}

export function paymentProblems(payments: CapturedPayment[]): string[] {
  return payments.map(paymentOutcome).filter((o) => o !== 'fulfilled' && o !== 'refunded');
}

/** One buyer's purchases of a kind: confirmed in the database, confirmed to the buyer, mailed. */
export interface BuyerPurchases {
  email: string;
  kind: Kind;
  /** Confirmed sales or bookings in the database. */
  purchases: number;
  /** Checkouts the buyer was told completed (the confirm step's 201). */
  acknowledged: number;
  /** Confirmation mails in the outbox. */
  mails: number;
}

/**
 * Nothing acknowledged was lost (every purchase a buyer was told of is in the database after the
 * failover) and each purchase has exactly one confirmation mail, none without a purchase.
 */
export function purchaseProblems(rows: BuyerPurchases[]): string[] {
  const problems: string[] = [];
  for (const r of rows) {
    if (r.purchases < r.acknowledged) {
      problems.push(
        `${r.email}: told of ${r.acknowledged} ${r.kind} purchase(s), ${r.purchases} in the database`,
      );
    }
    if (r.mails !== r.purchases) {
      problems.push(`${r.email}: ${r.purchases} ${r.kind} purchase(s), ${r.mails} confirmation mail(s)`);
    }
  }
  return problems;
}

/** Nothing oversold, the counters agree with the records, and no order paid without an outcome. */
export function stockProblems(stock: Record<Kind, Stock>, counters: string[]): string[] {
  const problems = [...counters];
  for (const [kind, s] of Object.entries(stock)) {
    if (s.sold > s.stock) problems.push(`${kind}: ${s.sold} sold of ${s.stock}`);
    if (s.paidWithoutOutcome > 0) problems.push(`${kind}: ${s.paidWithoutOutcome} paid without an outcome`);
  }
  return problems;
}

/** The site answered again in time: a readiness 200 and a purchase step that succeeded, both after the kill. */
export function recoveryProblems(
  back: { readyMs: number | null; purchaseMs: number | null },
  limitMs: number,
): string[] {
  const problems: string[] = [];
  const check = (what: string, ms: number | null) => {
    if (ms === null) problems.push(`${what}: never after the kill`);
    else if (ms > limitMs)
      problems.push(`${what}: ${(ms / 1000).toFixed(1)} s after the kill, over ${limitMs / 1000} s`);
  };
  check('readiness answered 200', back.readyMs);
  check('a purchase step succeeded', back.purchaseMs);
  return problems;
}

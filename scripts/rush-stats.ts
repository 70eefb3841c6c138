// The arithmetic and the table of `npm run bench:rush` (scripts/bench-rush.ts), kept free of servers and
// databases so that tests/unit/rush-stats.test.ts can check it.

export const steps = ['create', 'pay', 'confirm'] as const;
export type Step = (typeof steps)[number];
export const kinds = ['merchandise', 'accommodation'] as const;
export type Kind = (typeof kinds)[number];

/** How one checkout ended, from the buyer's side. */
export interface Checkout {
  kind: Kind;
  outcome: 'completed' | 'refused' | 'error';
  /** Milliseconds of each step that was tried (a refused create order has no pay or confirm). */
  ms: Partial<Record<Step, number>>;
  /** When the checkout's last answer came, in milliseconds from the start of the rush. */
  endedAt?: number;
  /** The step that ended a checkout that did not complete, its HTTP status (0: no answer) and message. */
  failedAt?: Step;
  status?: number;
  message?: string;
}

/** What the database says after the run, for one kind. */
export interface Stock {
  stock: number;
  /** Units in confirmed sales (order lines or bookings), counted from the records, not the counter. */
  sold: number;
  /** Orders paid (or captured at the provider) that are neither fulfilled nor refunded. */
  paidWithoutOutcome: number;
}

/** The nearest-rank percentile (p in 0–100) of unsorted values; 0 for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface Row {
  label: string;
  buyers: number;
  completed: number;
  refused: number;
  errors: number;
  perSecond: number;
  latency: Record<Step, { p50: number; p95: number; p99: number; calls: number }>;
  sold: number;
  stock: number;
  oversold: number;
  paidWithoutOutcome: number;
}

/** One table row from the checkouts of a kind (or all of them) and the stock they raced for. */
export function summarise(
  label: string,
  checkouts: Checkout[],
  buyers: number,
  stock: Stock,
  seconds: number,
  /** Given when the rate is not completions over `seconds` (an open rush: see completionRate). */
  perSecond?: number,
): Row {
  const count = (outcome: Checkout['outcome']) => checkouts.filter((c) => c.outcome === outcome).length;
  const completed = count('completed');
  const latency = {} as Row['latency'];
  for (const step of steps) {
    // Every call of the step counts, whatever it answered: a buyer waits for a refusal too.
    const ms = checkouts.map((c) => c.ms[step]).filter((v): v is number => v !== undefined);
    latency[step] = {
      p50: Math.round(percentile(ms, 50)),
      p95: Math.round(percentile(ms, 95)),
      p99: Math.round(percentile(ms, 99)),
      calls: ms.length,
    };
  }
  return {
    label,
    buyers,
    completed,
    refused: count('refused'),
    errors: count('error'),
    perSecond: perSecond ?? (seconds > 0 ? completed / seconds : 0),
    latency,
    sold: stock.sold,
    stock: stock.stock,
    oversold: Math.max(0, stock.sold - stock.stock),
    paidWithoutOutcome: stock.paidWithoutOutcome,
  };
}

/**
 * Completed purchases per second while purchases were completing: the gaps between the first and the last
 * completion, over the time they span. In an open rush (buyers arriving at a set rate) the run also holds
 * the time before the first answer and the refusals once sold out; neither is the shop's rate of sales.
 */
export function completionRate(checkouts: Checkout[]): number {
  const ends = checkouts
    .filter((c) => c.outcome === 'completed' && c.endedAt !== undefined)
    .map((c) => c.endedAt!);
  if (ends.length < 2) return 0;
  const span = Math.max(...ends) - Math.min(...ends);
  return span > 0 ? ((ends.length - 1) * 1000) / span : 0;
}

/**
 * The slowest answer of any step, per second of the rush (by when its checkout ended): where the tail
 * percentiles come from, for instance a fresh instance's first seconds.
 */
export function slowestBySecond(checkouts: Checkout[]): number[] {
  const slowest: number[] = [];
  for (const c of checkouts) {
    if (c.endedAt === undefined) continue;
    const second = Math.floor(c.endedAt / 1000);
    const ms = Math.max(0, ...Object.values(c.ms));
    for (let s = slowest.length; s <= second; s++) slowest.push(0);
    slowest[second] = Math.max(slowest[second]!, Math.round(ms));
  }
  return slowest;
}

/** The stock figures of both kinds added up, for the overall row. */
export function addStock(a: Stock, b: Stock): Stock {
  return {
    stock: a.stock + b.stock,
    sold: a.sold + b.sold,
    paidWithoutOutcome: a.paidWithoutOutcome + b.paidWithoutOutcome,
  };
}

export function markdownTable(rows: Row[]): string {
  const ms = (l: Row['latency'][Step]) => `${l.p50} / ${l.p95} / ${l.p99}`;
  const lines = [
    '| checkout | buyers | completed | refused (409) | errors | completed/s | create order p50/p95/p99 (ms) | pay p50/p95/p99 (ms) | confirm p50/p95/p99 (ms) | sold / stock | oversold | paid without outcome |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.label} | ${r.buyers} | ${r.completed} | ${r.refused} | ${r.errors} | ${r.perSecond.toFixed(1)} | ${ms(r.latency.create)} | ${ms(r.latency.pay)} | ${ms(r.latency.confirm)} | ${r.sold} / ${r.stock} | ${r.oversold} | ${r.paidWithoutOutcome} |`,
    );
  }
  return lines.join('\n');
}

/** The goal: 100 completed purchases/s, every step's p99 under 500 ms, nothing oversold or stuck. */
export const goal = { perSecond: 100, p99Ms: 500 };

/** What of the goal the overall row misses; empty when it is met. */
export function goalMisses(overall: Row): string[] {
  const misses: string[] = [];
  if (overall.perSecond < goal.perSecond) {
    misses.push(`${overall.perSecond.toFixed(1)} completed purchases/s (goal ${goal.perSecond})`);
  }
  for (const step of steps) {
    const p99 = overall.latency[step].p99;
    if (p99 >= goal.p99Ms) misses.push(`${step} p99 ${p99} ms (goal under ${goal.p99Ms})`);
  }
  if (overall.oversold > 0) misses.push(`${overall.oversold} unit(s) oversold`);
  if (overall.paidWithoutOutcome > 0)
    misses.push(`${overall.paidWithoutOutcome} order(s) paid without outcome`);
  if (overall.errors > 0) misses.push(`${overall.errors} checkout(s) ended in an error`);
  return misses;
}

/** Why checkouts did not complete: step, status and message, most frequent first. */
export function failureSummary(checkouts: Checkout[]): string[] {
  const counts = new Map<string, number>();
  for (const c of checkouts) {
    if (c.outcome === 'completed') continue;
    const key = `${c.kind} ${c.failedAt} ${c.status}: ${c.message ?? ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([key, n]) => `${n} × ${key}`);
}

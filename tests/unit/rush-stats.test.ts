import { describe, expect, it } from 'vitest';
import {
  completionRate,
  goalMisses,
  percentile,
  slowestBySecond,
  summarise,
  type Checkout,
} from '../../scripts/rush-stats';

describe('bench:rush arithmetic', () => {
  it('takes the nearest-rank percentile of unsorted values', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([3, 1, 2], 0)).toBe(1);
    expect(percentile([], 50)).toBe(0);
  });

  const checkouts: Checkout[] = [
    { kind: 'merchandise', outcome: 'completed', ms: { create: 100, pay: 50, confirm: 200 } },
    { kind: 'merchandise', outcome: 'completed', ms: { create: 300, pay: 70, confirm: 400 } },
    { kind: 'merchandise', outcome: 'refused', ms: { create: 20 }, failedAt: 'create', status: 409 },
    { kind: 'merchandise', outcome: 'error', ms: { create: 90, pay: 60 }, failedAt: 'pay', status: 500 },
  ];

  it('counts outcomes, rates and each step over every call of it', () => {
    const row = summarise('merchandise', checkouts, 4, { stock: 2, sold: 3, paidWithoutOutcome: 1 }, 2);
    expect(row).toMatchObject({ completed: 2, refused: 1, errors: 1, perSecond: 1, oversold: 1 });
    expect(row.latency.create).toEqual({ p50: 90, p95: 300, p99: 300, calls: 4 });
    expect(row.latency.pay.calls).toBe(3);
    expect(row.latency.confirm).toEqual({ p50: 200, p95: 400, p99: 400, calls: 2 });
  });

  it('names every part of the goal a run misses', () => {
    const row = summarise('both', checkouts, 4, { stock: 2, sold: 3, paidWithoutOutcome: 1 }, 2);
    expect(goalMisses(row)).toEqual([
      '1.0 completed purchases/s (goal 100)',
      '1 unit(s) oversold',
      '1 order(s) paid without outcome',
      '1 checkout(s) ended in an error',
    ]);
    const fast = Array.from({ length: 200 }, () => checkouts[0]!);
    expect(
      goalMisses(summarise('both', fast, 200, { stock: 200, sold: 200, paidWithoutOutcome: 0 }, 1)),
    ).toEqual([]);
  });

  it('rates an open rush by its completions: the gaps between the first and the last, over their span', () => {
    const at = (endedAt: number, outcome: Checkout['outcome'] = 'completed'): Checkout => ({
      kind: 'merchandise',
      outcome,
      ms: {},
      endedAt,
    });
    // Five completions 250 ms apart: 4 gaps in one second. The refusals after them and a wait before the
    // first answer do not count.
    const run = [at(400), at(650), at(900), at(1150), at(1400), at(1500, 'refused'), at(9000, 'refused')];
    expect(completionRate(run)).toBe(4);
    expect(completionRate([at(100)])).toBe(0);
    expect(completionRate([at(100, 'refused'), at(200, 'error')])).toBe(0);
    const row = summarise(
      'both',
      run,
      7,
      { stock: 5, sold: 5, paidWithoutOutcome: 0 },
      9,
      completionRate(run),
    );
    expect(row.perSecond).toBe(4);
  });

  it('finds the slowest answer of each second of the rush', () => {
    const ended = (endedAt: number, ms: Checkout['ms']): Checkout => ({
      kind: 'accommodation',
      outcome: 'completed',
      ms,
      endedAt,
    });
    const run = [
      ended(900, { create: 400, pay: 120, confirm: 380 }),
      ended(950, { create: 20 }),
      ended(2100, { create: 30, pay: 10, confirm: 44.6 }),
      { kind: 'merchandise', outcome: 'error', ms: { create: 9000 } } as Checkout, // no end time: left out
    ];
    // Second 0 holds the 400 ms create; nothing ended in second 1; second 2 rounds 44.6 to 45.
    expect(slowestBySecond(run)).toEqual([400, 0, 45]);
    expect(slowestBySecond([])).toEqual([]);
  });
});

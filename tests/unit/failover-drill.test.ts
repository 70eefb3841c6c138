import { describe, expect, it } from 'vitest';
import {
  answerProblems,
  paymentOutcome,
  purchaseProblems,
  recoveryProblems,
  statusCounts,
  stockProblems,
  type CapturedPayment,
} from '../../scripts/failover-checks';
import {
  configLines,
  isSteady,
  monitorHealthSettings,
  primaryOf,
  type NodeState,
} from '../../scripts/failover-formation';

describe("the failover drill's checks", () => {
  it('accepts successes, refusals and 503s with Retry-After, and names everything else', () => {
    const fine = [
      { step: 'create' as const, status: 200 },
      { step: 'confirm' as const, status: 201 },
      { step: 'create' as const, status: 409 },
      { step: 'pay' as const, status: 503, retryAfter: '5' },
    ];
    expect(answerProblems(fine)).toEqual([]);
    expect(
      answerProblems([
        ...fine,
        { step: 'confirm', status: 500, message: 'Internal error' },
        { step: 'confirm', status: 500, message: 'Internal error' },
        { step: 'pay', status: 503 },
        { step: 'create', status: 502, message: '<html>Bad Gateway' },
        { step: 'create', status: 0, message: 'socket hang up' },
      ]),
    ).toEqual([
      '2 × confirm 500: Internal error',
      '1 × pay 503 without Retry-After',
      '1 × create 502: <html>Bad Gateway',
      '1 × create no answer: socket hang up',
    ]);
    expect(statusCounts([...fine, { step: 'pay', status: 0 }])).toBe(
      'no answer × 1, 200 × 1, 201 × 1, 409 × 1, 503 × 1',
    );
  });

  it('wants every captured payment fulfilled or refunded, exactly once', () => {
    const base: CapturedPayment = {
      paymentId: 'pay_1',
      amount: 50000,
      refunded: 0,
      fulfilledByIt: true,
      outcomes: 1,
      refunds: 0,
    };
    expect(paymentOutcome(base)).toBe('fulfilled');
    expect(paymentOutcome({ ...base, fulfilledByIt: false, outcomes: 0, refunds: 1, refunded: 50000 })).toBe(
      'refunded',
    );
    expect(paymentOutcome({ ...base, outcomes: 2 })).toBe('pay_1 was fulfilled 2 times');
    expect(paymentOutcome({ ...base, fulfilledByIt: false, outcomes: 0, refunds: 2, refunded: 50000 })).toBe(
      'pay_1 was refunded 2 times',
    );
    expect(paymentOutcome({ ...base, refunds: 1, refunded: 50000 })).toBe(
      'pay_1 was both fulfilled and refunded',
    );
    expect(paymentOutcome({ ...base, fulfilledByIt: false, outcomes: 0 })).toBe(
      'pay_1 was neither fulfilled nor refunded',
    );
    // A partial refund is no outcome.
    expect(paymentOutcome({ ...base, fulfilledByIt: false, outcomes: 0, refunds: 1, refunded: 100 })).toMatch(
      /unclear/,
    );
  });

  it('finds an acknowledged purchase that was lost, and mails that do not match purchases', () => {
    const row = {
      email: 'a@example.com',
      kind: 'merchandise' as const,
      purchases: 1,
      acknowledged: 1,
      mails: 1,
    };
    expect(purchaseProblems([row, { ...row, acknowledged: 0 }])).toEqual([]);
    expect(purchaseProblems([{ ...row, purchases: 0, mails: 0 }])).toEqual([
      'a@example.com: told of 1 merchandise purchase(s), 0 in the database',
    ]);
    expect(purchaseProblems([{ ...row, mails: 2 }])).toEqual([
      'a@example.com: 1 merchandise purchase(s), 2 confirmation mail(s)',
    ]);
  });

  it('finds overselling, counters that disagree and orders paid without an outcome', () => {
    const stock = {
      merchandise: { stock: 10, sold: 10, paidWithoutOutcome: 0 },
      accommodation: { stock: 10, sold: 11, paidWithoutOutcome: 2 },
    };
    expect(stockProblems(stock, ['stay counter says 12 booked, records 11'])).toEqual([
      'stay counter says 12 booked, records 11',
      'accommodation: 11 sold of 10',
      'accommodation: 2 paid without an outcome',
    ]);
  });

  it('wants a readiness 200 and a successful purchase step within the limit after the kill', () => {
    expect(recoveryProblems({ readyMs: 8_000, purchaseMs: 9_500 }, 30_000)).toEqual([]);
    expect(recoveryProblems({ readyMs: 31_000, purchaseMs: null }, 30_000)).toEqual([
      'readiness answered 200: 31.0 s after the kill, over 30 s',
      'a purchase step succeeded: never after the kill',
    ]);
  });
});

describe('the failover formation', () => {
  const node = (name: string, reported: string, assigned = reported): NodeState => ({
    name,
    port: 1,
    reported,
    assigned,
    health: 1,
  });

  it('is steady with one settled primary and a settled standby', () => {
    expect(isSteady([node('node1', 'primary'), node('node2', 'secondary')])).toBe(true);
    expect(isSteady([node('node1', 'primary'), node('node2', 'catchingup', 'secondary')])).toBe(false);
    expect(isSteady([node('node1', 'demoted', 'catchingup'), node('node2', 'wait_primary')])).toBe(false);
    expect(isSteady([node('node1', 'single')])).toBe(false);
    expect(primaryOf([node('node1', 'secondary'), node('node2', 'primary')])?.name).toBe('node2');
    expect(primaryOf([node('node2', 'wait_primary', 'primary')])).toBeUndefined();
  });

  it("writes the monitor's settings as postgresql.conf lines, quoting text", () => {
    expect(configLines({ a: 1, b: "it's" }, 'why')).toBe("\n# why\na = 1\nb = 'it''s'\n");
    const lines = configLines(monitorHealthSettings, 'x');
    expect(lines).toContain('pgautofailover.node_considered_unhealthy_timeout = 3000');
    // A failover must fit well within the 30 s the site has to answer again.
    const detection =
      monitorHealthSettings['pgautofailover.node_considered_unhealthy_timeout'] +
      monitorHealthSettings['pgautofailover.primary_demote_timeout'];
    expect(detection).toBeLessThan(10_000);
  });
});

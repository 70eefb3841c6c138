import { describe, expect, it } from 'vitest';
import { comparePlans, expectedPlans, judgeRestore, type RowVersion } from '../../scripts/restore-verdict';

const T = 1_000_000;
const order = (
  id: string,
  xmin: string,
  committedUs: number,
  status = 'fulfilled',
  userId = 'u1',
): RowVersion => ({
  table: 'payment_orders',
  id,
  xmin,
  committedUs,
  status,
  userId,
});
const tee = (id: string, xmin: string, committedUs: number, userId = 'u1'): RowVersion => ({
  table: 'merchandise_orders',
  id,
  xmin,
  committedUs,
  status: 'confirmed',
  userId,
});

/** A run with orders on both sides of T and a deletion after T of one tee made before and one after. */
const source = [order('p1', '10', T - 500), order('p2', '20', T + 500), tee('m3', '30', T + 600)];
const deleted = [tee('m1', '11', T - 400), tee('m2', '21', T + 450)];
const goodRestore = [order('p1', '10', T - 500), tee('m1', '11', T - 400)];

describe('judgeRestore', () => {
  it('passes a restore that holds exactly the versions committed by the target', () => {
    const { failures, counts } = judgeRestore({ targetUs: T, source, deleted, restored: goodRestore });
    expect(failures).toEqual([]);
    expect(counts).toEqual({
      paidBefore: 1,
      paidBeforeRestored: 1,
      changedAfter: 1,
      changedAfterRestored: 0,
      deletedBefore: 1,
      deletedBack: 1,
      deletedAfter: 1,
      newestRestoredUs: T - 400,
    });
  });

  it('counts a commit exactly at the target as before it (recovery_target_inclusive)', () => {
    const atTarget = [order('p1', '10', T)];
    const { failures } = judgeRestore({
      targetUs: T,
      source: [...atTarget, order('p2', '20', T + 1)],
      deleted: [tee('m1', '11', T)],
      restored: [...atTarget, tee('m1', '11', T)],
    });
    expect(failures).toEqual([]);
  });

  it('fails a restore that went past the target', () => {
    const { failures, counts } = judgeRestore({
      targetUs: T,
      source,
      deleted,
      restored: [...goodRestore, order('p2', '20', T + 500)],
    });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/1 restored row\(s\) were committed after the target: payment_orders p2/);
    expect(counts.changedAfterRestored).toBe(1);
  });

  it('fails a restore that stopped short: a paid order or a deleted row of before the target missing', () => {
    const { failures, counts } = judgeRestore({
      targetUs: T,
      source,
      deleted,
      restored: [order('p1', '10', T - 500)],
    });
    expect(failures).toEqual([
      expect.stringMatching(
        /1 row\(s\) committed by the target are missing .*merchandise_orders m1 \(missing\)/,
      ),
    ]);
    expect(counts.deletedBack).toBe(0);
  });

  it('fails an earlier version of a row in place of the one committed by the target', () => {
    const { failures, counts } = judgeRestore({
      targetUs: T,
      source,
      deleted,
      restored: [order('p1', '9', T - 900, 'paid'), tee('m1', '11', T - 400)],
    });
    expect(failures[0]).toMatch(/payment_orders p1 \(another version\)/);
    expect(counts.paidBeforeRestored).toBe(0);
  });

  it('refuses a run with nothing on one side of the target or nothing deleted that existed at it', () => {
    const early = judgeRestore({ targetUs: 0, source, deleted, restored: [] });
    expect(early.failures).toContain('No order was paid before the target: nothing to find.');
    expect(early.failures).toContain(
      'The mistaken deletion removed nothing that existed at the target: nothing to bring back.',
    );
    const late = judgeRestore({
      targetUs: T + 10_000,
      source,
      deleted,
      restored: [...source, ...deleted],
    });
    expect(late.failures).toEqual([
      'No payment order was written after the target: nothing shows the restore stopped there.',
    ]);
  });
});

describe('the plans a buyer should see', () => {
  const stay = (id: string, committedUs: number, userId: string): RowVersion => ({
    table: 'accommodation_bookings',
    id,
    xmin: id,
    committedUs,
    status: 'confirmed',
    userId,
  });

  it('are the confirmed T-shirt orders and stay of before the target, deleted ones included', () => {
    const plans = expectedPlans(
      ['u1', 'u2', 'u3'],
      [
        ...deleted,
        tee('m0', '5', T - 900, 'u1'),
        stay('s1', T - 10, 'u1'),
        stay('s2', T + 10, 'u2'),
        { ...tee('m9', '9', T - 5, 'u3'), status: 'cancelled' },
        tee('mx', '7', T - 5, 'someone-else'),
      ],
      T,
    );
    expect(plans.get('u1')).toEqual({ teeOrderIds: ['m0', 'm1'], stayId: 's1' });
    expect(plans.get('u2')).toEqual({ teeOrderIds: [], stayId: null });
    expect(plans.get('u3')).toEqual({ teeOrderIds: [], stayId: null });
    expect(plans.has('someone-else')).toBe(false);
  });

  it('differ when the site shows an order too many, one too few, another stay or nothing', () => {
    const expected = new Map([
      ['u1', { teeOrderIds: ['m0', 'm1'], stayId: 's1' }],
      ['u2', { teeOrderIds: [], stayId: null }],
      ['u3', { teeOrderIds: [], stayId: null }],
    ]);
    const seen = new Map([
      ['u1', { teeOrderIds: ['m1', 'm0'], stayId: 's1' }],
      ['u2', { teeOrderIds: ['m2'], stayId: 's2' }],
    ]);
    expect(comparePlans(expected, seen)).toEqual([
      'buyer u2: T-shirt orders [m2] shown, [] expected',
      'buyer u2: stay s2 shown, none expected',
      'buyer u3: the site gave no plans',
    ]);
  });
});

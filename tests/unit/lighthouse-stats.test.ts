import { describe, expect, it } from 'vitest';
import {
  budgetMisses,
  medianRow,
  needsRerun,
  ratio,
  sittingVerdict,
  table,
  type Row,
  type Sample,
} from '../../scripts/lighthouse-stats';

const sample = (over: Partial<Sample> = {}): Sample => ({
  performance: 99,
  lcpMs: 900,
  cls: 0,
  tbtMs: 100,
  accessibility: 100,
  seo: 100,
  jsKb: 120,
  transferKb: 140,
  benchmarkIndex: 2400,
  ...over,
});

describe('bench:lighthouse arithmetic', () => {
  it('runs again what scored far below the best CPU score so far', () => {
    expect(needsRerun(1100, 2400)).toBe(true);
    expect(needsRerun(2000, 2400)).toBe(false);
    expect(needsRerun(2400, 0)).toBe(false);
  });

  it('publishes a sitting only when its runs came from a quiet machine', () => {
    expect(sittingVerdict([2300, 2500, 2450])).toMatchObject({ quiet: true, median: 2450, lowest: 2300 });
    const busy = sittingVerdict([1100, 1200, 1150]);
    expect(busy.quiet).toBe(false);
    expect(busy.reason).toContain('the machine was busy (median CPU score 1150');
    const disturbed = sittingVerdict([2500, 2400, 2450, 1200]);
    expect(disturbed).toMatchObject({ quiet: false });
    expect(disturbed.reason).toContain('disturbed');
    expect(sittingVerdict([]).quiet).toBe(false);
  });

  it('takes the median of each figure over the runs', () => {
    const row = medianRow('/', [sample({ lcpMs: 3000 }), sample({ lcpMs: 1000 }), sample({ lcpMs: 1200 })]);
    expect(row).toMatchObject({ page: '/', lcpMs: 1200, performance: 99 });
  });

  it('names each budget a page misses, bytes counted against the floor', () => {
    const floor: Row = { page: 'floor', ...sample({ transferKb: 136, lcpMs: 850, tbtMs: 167 }) };
    const fine: Row = { page: '/sponsers', ...sample({ transferKb: 250, lcpMs: 1390 }) };
    expect(budgetMisses(fine, floor)).toEqual([]);
    const slow: Row = {
      page: '/',
      ...sample({ performance: 94, lcpMs: 3030, tbtMs: 161, cls: 0.05, transferKb: 363 }),
    };
    expect(budgetMisses(slow, floor)).toEqual([
      'performance 94',
      'LCP 3030 ms',
      'TBT 161 ms',
      'CLS 0.05',
      '227 KB over the floor',
    ]);
    expect(ratio(3030, 850)).toBe('3.56×');
    expect(ratio(10, 0)).toBe('–');
    const printed = table([floor, slow], floor);
    expect(printed).toContain('| floor | 99 | 850 | 1.00× |');
    expect(printed).toContain('| / | 94 | 3030 | 3.56× | 161 | 0.96× |');
    expect(printed).toContain('NO: performance 94, LCP 3030 ms');
  });
});

import { describe, expect, it } from 'vitest';
import {
  budgetMisses,
  medianRow,
  needsRerun,
  ratio,
  sittingVerdict,
  table,
  tbtAllowance,
  type PageResult,
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

  it('names each budget a page misses on the shaped links, bytes counted against the floor', () => {
    const row = (page: string, over: Partial<Sample> = {}): Row => ({ page, ...sample(over) });
    const floor: PageResult = {
      page: 'floor',
      slow4g: row('floor', { transferKb: 136, lcpMs: 530, tbtMs: 120 }),
      campus: row('floor', { lcpMs: 990 }),
      lantern: row('floor', { lcpMs: 860, tbtMs: 202 }),
    };
    const fine: PageResult = {
      page: '/sponsers',
      slow4g: row('/sponsers', { transferKb: 250, lcpMs: 870, tbtMs: 150 }),
      campus: row('/sponsers', { lcpMs: 1690 }),
      // Lantern is printed for comparison and judged by no budget.
      lantern: row('/sponsers', { lcpMs: 2600, tbtMs: 400 }),
    };
    expect(budgetMisses(fine, floor)).toEqual([]);
    const slow: PageResult = {
      page: '/',
      slow4g: row('/', { performance: 94, lcpMs: 1040, tbtMs: 161, cls: 0.05, transferKb: 363 }),
      campus: row('/', { lcpMs: 2140 }),
    };
    expect(budgetMisses(slow, floor)).toEqual([
      'performance 94',
      'LCP 1040 ms',
      'TBT 161 ms',
      'CLS 0.05',
      'campus LCP 2140 ms',
      '227 KB over the floor',
    ]);
    expect(ratio(1040, 520)).toBe('2.00×');
    expect(ratio(10, 0)).toBe('–');
    const printed = table([floor, fine, slow], floor);
    expect(printed).toContain('| floor | 99 | 530 | 1.00× | 120 | 1.00× |');
    expect(printed).toContain(
      '| / | 94 | 1040 | 1.96× | 161 | 1.34× | 0.05 | 100 | 100 | 2140 | 2.16× | – | – | 363 |',
    );
    expect(printed).toContain(
      '| /sponsers | 99 | 870 | 1.64× | 150 | 1.25× | 0 | 100 | 100 | 1690 | 1.71× | 2600 | 400 |',
    );
    expect(printed).toContain('NO: performance 94, LCP 1040 ms');
  });

  it("allows the floor's own blocking time where it is above the budget", () => {
    const floor: PageResult = { page: 'floor', slow4g: { page: 'floor', ...sample({ tbtMs: 181 }) } };
    expect(tbtAllowance(floor)).toBe(181);
    const page = (tbtMs: number): PageResult => ({
      page: '/login',
      slow4g: { page: '/login', ...sample({ tbtMs }) },
    });
    expect(budgetMisses(page(180), floor)).toEqual([]);
    expect(budgetMisses(page(189), floor)).toEqual(['TBT 189 ms']);
    const quietFloor: PageResult = { page: 'floor', slow4g: { page: 'floor', ...sample({ tbtMs: 90 }) } };
    expect(budgetMisses(page(151), quietFloor)).toEqual(['TBT 151 ms']);
  });
});

import { describe, expect, it } from 'vitest';
import { describeMicros, formatTarget, parseTarget } from '../../scripts/restore-target';

describe('restore target', () => {
  it('reads an operator time with its zone as the moment it names', () => {
    const target = parseTarget('2026-02-14 18:41:00+05:30');
    expect(target.text).toBe('2026-02-14 18:41:00+05:30');
    expect(target.epochUs).toBe(Date.parse('2026-02-14T13:11:00Z') * 1000);
  });

  it('accepts Z, offsets without a colon or minutes, a T, seconds left out and microseconds', () => {
    expect(parseTarget('2026-02-14T13:11:00Z').epochUs).toBe(Date.parse('2026-02-14T13:11:00Z') * 1000);
    expect(parseTarget('2026-02-14 18:41+0530').text).toBe('2026-02-14 18:41:00+05:30');
    expect(parseTarget('2026-02-14 10:11:00-03').epochUs).toBe(Date.parse('2026-02-14T13:11:00Z') * 1000);
    const precise = parseTarget('2026-02-14 13:11:00.000250+00');
    expect(precise.epochUs).toBe(Date.parse('2026-02-14T13:11:00Z') * 1000 + 250);
    expect(precise.text).toBe('2026-02-14 13:11:00.000250+00:00');
  });

  it('refuses a time without a zone, and days or offsets that do not exist', () => {
    expect(() => parseTarget('2026-02-14 18:41:00')).toThrow(/zone/);
    expect(() => parseTarget('2026-02-30 18:41:00+05:30')).toThrow(/real date/);
    expect(() => parseTarget('2026-02-14 24:00:00+05:30')).toThrow(/real date/);
    expect(() => parseTarget('2026-02-14 18:41:00+15:00')).toThrow(/offset/);
    expect(() => parseTarget('yesterday')).toThrow(/not a time/);
  });

  it('writes a moment to the whole second in a zone, and reads it back as the same second', () => {
    const ms = Date.parse('2026-11-27T04:29:59.870Z');
    expect(formatTarget(ms)).toBe('2026-11-27 04:29:59+00:00');
    expect(formatTarget(ms, 330)).toBe('2026-11-27 09:59:59+05:30');
    expect(formatTarget(ms, -180)).toBe('2026-11-27 01:29:59-03:00');
    expect(parseTarget(formatTarget(ms, 330)).epochUs).toBe(Date.parse('2026-11-27T04:29:59Z') * 1000);
  });

  it('describes microseconds with all six digits', () => {
    expect(describeMicros(Date.parse('2026-11-27T04:22:38.602Z') * 1000 + 260)).toBe(
      '2026-11-27 04:22:38.602260 UTC',
    );
  });
});

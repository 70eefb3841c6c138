import { describe, expect, it } from 'vitest';
import {
  formatDecimal,
  formatFee,
  formatFigure,
  formatPrice,
  parseRupees,
  roundRupees,
  toPaise,
  toRupees,
} from '@/lib/money';

describe('money', () => {
  it('converts between rupees and paise, rounding away float noise', () => {
    expect(toPaise(399)).toBe(39900);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(250.5)).toBe(25050);
    expect(toRupees(39900)).toBe(399);
    expect(toRupees(25050)).toBe(250.5);
    expect(roundRupees(3 * 133.33)).toBe(399.99);
  });

  it('parses amounts with at most two decimals, typed or sent, into paise', () => {
    expect(parseRupees(399)).toBe(39900);
    expect(parseRupees('250.50')).toBe(25050);
    expect(parseRupees(' 12.5 ')).toBe(1250);
    expect(parseRupees(0)).toBe(0);
    expect(parseRupees(19.999)).toBeNull();
    expect(parseRupees('')).toBeNull();
    expect(parseRupees('ten')).toBeNull();
    expect(parseRupees(Number.NaN)).toBeNull();
    expect(parseRupees(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('shows an event fee as the spec does, in whole rupees', () => {
    expect(formatFee({ rupees: 150 })).toBe('₹ 150');
    expect(formatFee({ rupees: 0 })).toBe('₹ 0');
    expect(formatFee({ paise: 15000 })).toBe('₹ 150');
  });

  it('shows prices with two decimals, from rupees or paise alike', () => {
    expect(formatPrice({ rupees: 399 })).toBe('₹ 399.00');
    expect(formatPrice({ paise: 39900 })).toBe('₹ 399.00');
    expect(formatPrice({ paise: 25050 })).toBe('₹ 250.50');
  });

  it('shows console figures in Indian grouping and spreadsheet amounts as plain decimals', () => {
    expect(formatFigure({ paise: 15_000_000 })).toBe('₹1,50,000.00');
    expect(formatFigure({ rupees: 450 })).toBe('₹450.00');
    expect(formatDecimal({ paise: 39900 })).toBe('399.00');
    expect(formatDecimal({ rupees: 12.5 })).toBe('12.50');
  });
});

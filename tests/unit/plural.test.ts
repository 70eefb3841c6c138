import { describe, expect, it } from 'vitest';
import { formatCountOf } from '@/components/admin/operations/figures';
import { countOf } from '@/lib/plural';

describe('a count with its noun', () => {
  it('is singular for exactly one and plural for every other count, none included', () => {
    expect(countOf(1, 'registration')).toBe('1 registration');
    expect(countOf(2, 'registration')).toBe('2 registrations');
    expect(countOf(0, 'place')).toBe('0 places');
    expect(countOf(1, 'second')).toBe('1 second');
  });

  it('takes an irregular plural', () => {
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(3, 'person', 'people')).toBe('3 people');
  });

  it('prints the console’s counts in Indian grouping, the noun following the number', () => {
    expect(formatCountOf(1, 'registration')).toBe('1 registration');
    expect(formatCountOf(150000, 'registration')).toBe('1,50,000 registrations');
    expect(formatCountOf(1, 'check-in')).toBe('1 check-in');
  });
});

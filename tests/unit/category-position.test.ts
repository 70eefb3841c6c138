import { describe, expect, it } from 'vitest';
import { isCategoryPosition } from '@/lib/navigation';

describe('a category’s number in /event/{N}', () => {
  it('is a whole number from 1 to 9999 written without leading zeros', () => {
    for (const ok of ['1', '9', '10', '9999']) expect(isCategoryPosition(ok), ok).toBe(true);
    for (const no of ['0', '007', '10000', '-1', '1.5', ' 1', 'one', ''])
      expect(isCategoryPosition(no), no).toBe(false);
  });
});

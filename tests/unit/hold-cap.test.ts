import { describe, expect, it } from 'vitest';
import { assertWithinHoldCap, maxUnitsHeldPerAccount } from '@/lib/server/services/hold-cap';

describe('maxUnitsHeldPerAccount', () => {
  it('is a quarter of what is unsold, rounded down, and never below 1', () => {
    const caps = [0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 20, 40, 120].map((unsold) => [
      unsold,
      maxUnitsHeldPerAccount(unsold),
    ]);
    expect(caps).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
      [6, 1],
      [7, 1],
      [8, 2],
      [11, 2],
      [12, 3],
      [20, 5],
      [40, 10],
      [120, 30],
    ]);
    // A stock lowered below what was sold still leaves 1.
    expect(maxUnitsHeldPerAccount(-3)).toBe(1);
  });

  it('refuses more with a 409 naming the cap and the item', () => {
    expect(() => assertWithinHoldCap(2, 8, 'Size M')).not.toThrow();
    expect(() => assertWithinHoldCap(6, 6, 'Size M')).toThrow(
      expect.objectContaining({
        status: 409,
        reason: 'hold_limit',
        message:
          'At most 1 of Size M can be ordered at a time, so that others can buy it too. Please lower the quantity, or pay for these first and then order more.',
      }),
    );
  });
});

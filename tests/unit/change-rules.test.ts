import { describe, expect, it } from 'vitest';
import { changeTerms, itemTerms } from '@/lib/server/changes/item-terms';
import {
  assertBeforeFreeze,
  eventFreezeAt,
  refundFor,
  refundLabel,
  shopFreezeAt,
  type ChangeRules,
} from '@/lib/server/changes/rules';

const none: ChangeRules = {
  changesFreezeAt: null,
  refundPolicy: 'none',
  refundPercent: null,
  refundUntil: null,
};
const full: ChangeRules = { ...none, refundPolicy: 'full' };
const half: ChangeRules = {
  ...none,
  refundPolicy: 'percent',
  refundPercent: 50,
  refundUntil: new Date('2027-02-01T00:00:00+05:30'),
};
const beforeUntil = new Date('2027-01-20T12:00:00+05:30');
const afterUntil = new Date('2027-02-05T12:00:00+05:30');

describe('the rules of a participant’s own changes', () => {
  it('freezes an event a day before its first session, or when the organisers say', () => {
    const firstSession = new Date('2027-02-21T10:00:00+05:30');
    expect(eventFreezeAt(none, firstSession).toISOString()).toBe(
      new Date('2027-02-20T10:00:00+05:30').toISOString(),
    );
    // No session and no start time: a day before the festival begins (20 February, India time).
    expect(eventFreezeAt(none, null).toISOString()).toBe(new Date('2027-02-19T00:00:00+05:30').toISOString());
    const set = new Date('2027-02-15T18:00:00+05:30');
    expect(eventFreezeAt({ ...none, changesFreezeAt: set }, firstSession)).toBe(set);
  });

  it('freezes T-shirts and stays a week before the festival, or when the organisers say', () => {
    expect(shopFreezeAt(none).toISOString()).toBe(new Date('2027-02-13T00:00:00+05:30').toISOString());
    const set = new Date('2027-02-18T00:00:00+05:30');
    expect(shopFreezeAt({ ...none, changesFreezeAt: set })).toBe(set);
  });

  it('gives back nothing, everything, or a share until its date, in whole paise', () => {
    expect(refundFor(none, 30000, beforeUntil)).toBe(0);
    expect(refundFor(full, 30000, afterUntil)).toBe(30000);
    expect(refundFor(half, 30001, beforeUntil)).toBe(15000);
    expect(refundFor(half, 30000, afterUntil)).toBe(0);
    expect(refundFor(full, 0, beforeUntil)).toBe(0);
  });

  it('says what the policy gives now', () => {
    expect(refundLabel(none, 30000, beforeUntil)).toBe(
      'No refund: as the terms say, payments are not refunded.',
    );
    expect(refundLabel(full, 30000, beforeUntil)).toBe('Full refund: ₹ 300.00.');
    expect(refundLabel(half, 30000, beforeUntil)).toBe(
      '50% refunded until 1 Feb 2027, 12:00 am (India time): ₹ 150.00.',
    );
    expect(refundLabel(half, 30000, afterUntil)).toBe(
      'No refund any more: 50% was refunded until 1 Feb 2027, 12:00 am (India time).',
    );
    expect(refundLabel(full, 0, beforeUntil)).toBe('Nothing was paid, so nothing is refunded.');
  });

  it('is open until the freeze and refuses from it on, naming it', () => {
    const freeze = new Date('2027-02-10T18:30:00+05:30');
    const justBefore = new Date(freeze.getTime() - 1);
    expect(changeTerms(itemTerms(full, freeze, 30000, justBefore), justBefore)).toMatchObject({
      open: true,
      refundPaise: 30000,
    });
    expect(changeTerms(itemTerms(full, freeze, 30000, freeze), freeze).open).toBe(false);
    expect(() => assertBeforeFreeze(freeze, new Date(freeze.getTime() - 1), 'your stay')).not.toThrow();
    expect(() => assertBeforeFreeze(freeze, freeze, 'your stay')).toThrow(
      'Changes to your stay closed on 10 Feb 2027, 6:30 pm (India time). Please contact the organisers.',
    );
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetPurchaseRecord,
  merchandiseItem,
  purchaseLines,
  purchaseRecordKey,
  readPurchaseRecord,
  rememberPurchase,
  type PurchaseSummary,
} from '@/components/payment/purchase-record';

/*
 * The note the purchase flow leaves for /success and /failure: what they say was bought, shown only to
 * the buyer, only fresh, and gone after a logout.
 */

const stay: PurchaseSummary = {
  kind: 'accommodation',
  userId: 'u1',
  items: ['2 nights from 20th Feb, 2027 (Dormitory)'],
  retryPath: '/accomodation',
};

function tab(): Map<string, string> {
  const map = new Map<string, string>();
  vi.stubGlobal('window', {
    sessionStorage: {
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
    },
  });
  return map;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the result screens’ wording', () => {
  it('says what was registered, bought or booked, and what was not paid for', () => {
    const event = { kind: 'event' as const, items: ['Robot Arena (Solo)'] };
    expect(purchaseLines(event, true)).toEqual(['Registered for Robot Arena (Solo)']);
    expect(purchaseLines(event, false)).toEqual(['Registration for Robot Arena (Solo)']);
    const tee = { kind: 'merchandise' as const, items: [merchandiseItem('M', 1), merchandiseItem('L', 2)] };
    expect(purchaseLines(tee, true)).toEqual(['T-shirt, size M', '2 × T-shirt, size L']);
    expect(purchaseLines(stay, false)).toEqual(['Stay: 2 nights from 20th Feb, 2027 (Dormitory)']);
  });
});

describe('the note', () => {
  const at = Date.parse('2027-02-20T10:00:00Z');

  it('is read back by its buyer only', () => {
    const stored = tab();
    rememberPurchase(stay, at);
    const text = stored.get(purchaseRecordKey) ?? null;
    expect(readPurchaseRecord(text, 'u1', at + 60_000)).toEqual({ ...stay, at });
    expect(readPurchaseRecord(text, 'someone-else', at + 60_000)).toBeNull();
    expect(readPurchaseRecord(text, undefined, at + 60_000)).toBeNull();
  });

  it('is not shown hours later, nor when it is not a note', () => {
    const stored = tab();
    rememberPurchase(stay, at);
    const text = stored.get(purchaseRecordKey) ?? null;
    expect(readPurchaseRecord(text, 'u1', at + 3 * 60 * 60 * 1000)).toBeNull();
    expect(readPurchaseRecord('not json', 'u1', at)).toBeNull();
    expect(readPurchaseRecord(JSON.stringify({ ...stay, items: 'x', at }), 'u1', at)).toBeNull();
  });

  it('never leads a Try again link off the site', () => {
    for (const retryPath of ['https://evil.example/', '//evil.example/', 'javascript:alert(1)']) {
      expect(readPurchaseRecord(JSON.stringify({ ...stay, retryPath, at }), 'u1', at)).toBeNull();
    }
  });

  it('is forgotten on logout', () => {
    const stored = tab();
    rememberPurchase(stay, at);
    forgetPurchaseRecord(window.sessionStorage);
    expect(stored.size).toBe(0);
  });

  it('costs nothing where storage is unavailable', () => {
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(() => rememberPurchase(stay, at)).not.toThrow();
  });
});

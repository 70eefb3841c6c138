import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetStayDraft,
  forgetStayDrafts,
  loadStayDraft,
  parseStayDraft,
  saveStayDraft,
  stayDraftKey,
} from '@/components/accommodation/stay-draft';

/*
 * The half-made stay booking kept for the tab, so a failed payment does not cost the student the dates and
 * the identity proof already uploaded: per account, forgotten once booked and on logout.
 */

/** The part of the Web Storage API the module uses, over a Map. */
function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const proof = { url: '/api/uploads/abc', fileName: 'id-proof.png' };
let storage: Storage;

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { sessionStorage: storage });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a stay draft', () => {
  it('comes back for the same account only', () => {
    saveStayDraft('u1', { typeId: 2, optionId: 5, proof });
    expect(loadStayDraft('u1')).toEqual({ typeId: 2, optionId: 5, proof });
    expect(loadStayDraft('u2')).toEqual({ typeId: null, optionId: null, proof: null });
  });

  it('is removed when nothing is chosen, and once the booking went through', () => {
    saveStayDraft('u1', { typeId: 2, optionId: null, proof: null });
    expect(storage.getItem(stayDraftKey('u1'))).not.toBeNull();
    saveStayDraft('u1', { typeId: null, optionId: null, proof: null });
    expect(storage.getItem(stayDraftKey('u1'))).toBeNull();

    saveStayDraft('u1', { typeId: 2, optionId: 5, proof });
    forgetStayDraft('u1');
    expect(storage.getItem(stayDraftKey('u1'))).toBeNull();
  });

  it('is forgotten for every account on logout, other keys left alone', () => {
    saveStayDraft('u1', { typeId: 2, optionId: 5, proof });
    saveStayDraft('u2', { typeId: 1, optionId: 3, proof: null });
    storage.setItem('nav-state:/otp', '{}');
    forgetStayDrafts(storage);
    expect(storage.length).toBe(1);
    expect(storage.getItem('nav-state:/otp')).toBe('{}');
  });

  it('reads as empty when the stored text is not a draft', () => {
    const empty = { typeId: null, optionId: null, proof: null };
    expect(parseStayDraft(null)).toEqual(empty);
    expect(parseStayDraft('{')).toEqual(empty);
    expect(parseStayDraft('null')).toEqual(empty);
    expect(parseStayDraft(JSON.stringify({ typeId: 'two', optionId: 5, proof }))).toEqual(empty);
    expect(parseStayDraft(JSON.stringify({ typeId: 2, optionId: 5, proof: { url: '' } }))).toEqual(empty);
  });

  it('is not kept, and reads as empty, where storage is unavailable', () => {
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(() => saveStayDraft('u1', { typeId: 2, optionId: 5, proof })).not.toThrow();
    expect(loadStayDraft('u1')).toEqual({ typeId: null, optionId: null, proof: null });
  });
});

import { describe, expect, it } from 'vitest';
import { forgetSavedPasses, savedPassKey } from '@/components/profile/pass-storage';

/** The part of the Web Storage API the module uses, over a Map. */
function memoryStorage(entries: Record<string, string>): Storage {
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

describe('saved passes', () => {
  it('are forgotten on logout, for every account, leaving other keys alone', () => {
    const storage = memoryStorage({
      [savedPassKey('a')]: '{}',
      [savedPassKey('b')]: '{}',
      token: 'kept until the auth state clears it',
      cart: '[]',
    });
    forgetSavedPasses(storage);
    expect(storage.getItem(savedPassKey('a'))).toBeNull();
    expect(storage.getItem(savedPassKey('b'))).toBeNull();
    expect(storage.getItem('cart')).toBe('[]');
    expect(storage.length).toBe(2);
  });
});

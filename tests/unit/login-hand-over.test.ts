import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handOverToLogin, takeLoginEmail } from '@/components/auth/login-hand-over';

/** A tab's sessionStorage, as much of it as navigation state uses. */
function fakeSessionStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the e-mail handed over to the login form', () => {
  let storage: ReturnType<typeof fakeSessionStorage>;
  beforeEach(() => {
    storage = fakeSessionStorage();
    vi.stubGlobal('window', { sessionStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is the address just verified, and nothing else is kept (no password)', () => {
    handOverToLogin('luna@example.com');
    expect([...storage.items.values()].map((v) => JSON.parse(v) as unknown)).toEqual([
      { email: 'luna@example.com' },
    ]);
    expect(takeLoginEmail()).toBe('luna@example.com');
  });

  it('is taken once: a later visit to /login starts empty', () => {
    handOverToLogin('luna@example.com');
    takeLoginEmail();
    expect(takeLoginEmail()).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('is nothing when none was handed over, or the stored state is not an address', () => {
    expect(takeLoginEmail()).toBeNull();
    storage.setItem('nav-state:/login', JSON.stringify({ email: 42 }));
    expect(takeLoginEmail()).toBeNull();
  });
});

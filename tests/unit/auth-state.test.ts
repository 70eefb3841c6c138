import { UnsecuredJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import {
  authorizeWithToken,
  decodeUser,
  initialiseAuth,
  signedOutState,
  unauthorize,
  VerificationCancelled,
  type TokenStorage,
} from '@/components/auth/auth-state';

function tokenWith(claims: Record<string, unknown>): string {
  return new UnsecuredJWT(claims).encode();
}

function memoryStorage(
  initial: Record<string, string> = {},
): TokenStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
  };
}

const good = tokenWith({ email: 'asha@example.com', role: 'USER', userId: 'u-1' });

describe('decodeUser', () => {
  it('reads email, lower-cased role and userId', () => {
    expect(decodeUser(good)).toEqual({ email: 'asha@example.com', role: 'user', userId: 'u-1' });
  });
  it.each([
    ['no email', { role: 'user', userId: 'u' }],
    ['no role', { email: 'a@b.co', userId: 'u' }],
    ['no userId', { email: 'a@b.co', role: 'user' }],
  ])('refuses a token with %s', (_label, claims) => {
    expect(decodeUser(tokenWith(claims))).toBeNull();
  });
  it('refuses something that is not a token', () => {
    expect(decodeUser('not-a-jwt')).toBeNull();
  });
});

describe('initialiseAuth', () => {
  it('ends signed out without calling the server when no token is stored', async () => {
    const verify = vi.fn();
    expect(await initialiseAuth(memoryStorage(), verify)).toEqual(signedOutState);
    expect(verify).not.toHaveBeenCalled();
  });

  it('signs in with a stored token the server accepts', async () => {
    const storage = memoryStorage({ token: good });
    const verify = vi.fn().mockResolvedValue(undefined);
    const state = await initialiseAuth(storage, verify);
    expect(verify).toHaveBeenCalledWith(good);
    expect(state).toEqual({
      user: { email: 'asha@example.com', role: 'user', userId: 'u-1' },
      isAuthenticated: true,
      isInitialized: true,
    });
  });

  it('clears the token and ends signed out when the server refuses it', async () => {
    const storage = memoryStorage({ token: good });
    const state = await initialiseAuth(storage, () => Promise.reject(new Error('401')));
    expect(state).toEqual(signedOutState);
    expect(storage.data.token).toBeUndefined();
  });

  it('keeps the token and signs in from its claims when the check got no answer (offline)', async () => {
    const storage = memoryStorage({ token: good });
    const state = await initialiseAuth(storage, () => Promise.reject(new VerificationCancelled()));
    expect(state).toEqual({
      user: { email: 'asha@example.com', role: 'user', userId: 'u-1' },
      isAuthenticated: true,
      isInitialized: true,
    });
    expect(storage.data.token).toBe(good);
  });

  it('clears an undecodable token even when the check got no answer', async () => {
    const storage = memoryStorage({ token: 'not-a-jwt' });
    const state = await initialiseAuth(storage, () => Promise.reject(new VerificationCancelled()));
    expect(state).toEqual(signedOutState);
    expect(storage.data.token).toBeUndefined();
  });

  it('clears a token the server accepts but that lacks a role', async () => {
    const storage = memoryStorage({ token: tokenWith({ email: 'a@b.co', userId: 'u' }) });
    const state = await initialiseAuth(storage, () => Promise.resolve());
    expect(state.isAuthenticated).toBe(false);
    expect(storage.data.token).toBeUndefined();
  });
});

describe('authorize and unauthorize', () => {
  it('stores a new valid token and sets the user', () => {
    const storage = memoryStorage();
    const state = authorizeWithToken(storage, good);
    expect(state.isAuthenticated).toBe(true);
    expect(storage.data.token).toBe(good);
  });

  it('signs out on a token without email', () => {
    const storage = memoryStorage({ token: good });
    expect(authorizeWithToken(storage, tokenWith({ role: 'user', userId: 'u' }))).toEqual(signedOutState);
    expect(storage.data.token).toBeUndefined();
  });

  it('unauthorize removes the stored token', () => {
    const storage = memoryStorage({ token: good });
    expect(unauthorize(storage)).toEqual(signedOutState);
    expect(storage.data).toEqual({});
  });
});

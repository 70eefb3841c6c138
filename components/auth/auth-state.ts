import { decodeJwt } from 'jose';
import { normaliseRole } from '@/lib/roles';

/**
 * The authentication state machine of SPEC.md part 4, free of React so it can be tested directly:
 * not initialised, then initialised as authenticated or unauthenticated.
 */

export interface SignedInUser {
  email: string;
  /** Lower case. */
  role: string;
  userId: string;
}

export interface AuthState {
  user: SignedInUser | null;
  isAuthenticated: boolean;
  isInitialized: boolean;
}

export const initialAuthState: AuthState = { user: null, isAuthenticated: false, isInitialized: false };
export const signedOutState: AuthState = { user: null, isAuthenticated: false, isInitialized: true };

/** The user inside a token, or null when it does not decode or lacks email, role or userId. */
export function decodeUser(token: string): SignedInUser | null {
  try {
    const claims = decodeJwt(token);
    const role = normaliseRole(claims.role);
    if (typeof claims.email !== 'string' || claims.email === '' || role === null) return null;
    if (typeof claims.userId !== 'string' || claims.userId === '') return null;
    return { email: claims.email, role, userId: claims.userId };
  } catch {
    return null;
  }
}

export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Thrown by the server check when no answer came back (offline, or the request was cut short because the
 * page is being left): that says nothing about the token.
 */
export class VerificationCancelled extends Error {
  constructor() {
    super('token verification got no answer from the server');
    this.name = 'VerificationCancelled';
  }
}

/**
 * Start-up: a stored token is checked with the server and decoded; any failure clears the token and
 * ends signed out. A check that got no answer is not a refusal: the token is kept and this page view is
 * signed in from its claims, so the profile (and the pass saved on the device) opens at a gate without
 * signal. That trusts nothing the server has not already checked: every API call is verified again there.
 */
export async function initialiseAuth(
  storage: TokenStorage,
  verifyWithServer: (token: string) => Promise<void>,
  key = 'token',
): Promise<AuthState> {
  const token = storage.getItem(key);
  if (!token) return signedOutState;
  try {
    await verifyWithServer(token);
    const user = decodeUser(token);
    if (!user) throw new Error('token lacks email, role or userId');
    return { user, isAuthenticated: true, isInitialized: true };
  } catch (error) {
    if (error instanceof VerificationCancelled) {
      const user = decodeUser(token);
      if (user) return { user, isAuthenticated: true, isInitialized: true };
    }
    storage.removeItem(key);
    return signedOutState;
  }
}

/** Signing in with a new token: stored and decoded; an invalid one signs out instead. */
export function authorizeWithToken(storage: TokenStorage, token: string, key = 'token'): AuthState {
  const user = decodeUser(token);
  if (!user) {
    storage.removeItem(key);
    return signedOutState;
  }
  storage.setItem(key, token);
  return { user, isAuthenticated: true, isInitialized: true };
}

export function unauthorize(storage: TokenStorage, key = 'token'): AuthState {
  storage.removeItem(key);
  return signedOutState;
}

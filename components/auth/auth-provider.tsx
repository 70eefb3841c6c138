'use client';

import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
// Every page has this provider, so zod's browser settings are in place before any form validates.
import '@/lib/browser-zod-config';
import { api, ApiError, tokenStorageKey } from '@/lib/api-client';
import {
  authorizeWithToken,
  initialAuthState,
  initialiseAuth,
  unauthorize as clearAuth,
  VerificationCancelled,
  type AuthState,
  type SignedInUser,
} from './auth-state';
import { forgetStayDrafts } from '@/components/accommodation/stay-draft';
import { forgetPurchaseRecord } from '@/components/payment/purchase-record';
import { forgetOfflinePages } from '@/components/offline/offline-pages';
import { forgetPushSubscription } from '@/components/notifications/forget-push';
import { forgetSavedPasses } from '@/components/profile/pass-storage';

interface AuthContextValue extends AuthState {
  /** Stores a new token and signs its user in; returns false (and signs out) when the token is invalid. */
  authorize(token: string): boolean;
  unauthorize(): void;
  /** Clears the token here and the guard cookie on the server. */
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initialAuthState);

  useEffect(() => {
    let cancelled = false;
    initialiseAuth(window.localStorage, async () => {
      try {
        await api.get('/api/verify-token');
      } catch (error) {
        // No HTTP answer (offline, or cut short by a navigation away): not a verdict on the token.
        if (error instanceof ApiError && error.status === 0) throw new VerificationCancelled();
        throw error;
      }
    }).then((next) => {
      // A transition: an urgent update here, usually before the page has finished hydrating, would make
      // React hydrate the rest of the page in one uninterruptible task.
      if (!cancelled) startTransition(() => setState(next));
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const authorize = useCallback((token: string) => {
    const next = authorizeWithToken(window.localStorage, token, tokenStorageKey);
    setState(next);
    return next.isAuthenticated;
  }, []);

  const unauthorize = useCallback(() => setState(clearAuth(window.localStorage, tokenStorageKey)), []);

  const logout = useCallback(async () => {
    // First, while the token still signs the request: the server stops pushing to this device, so the
    // next person on a shared phone gets none of this person's notifications.
    await forgetPushSubscription().catch(() => {
      // Workers unavailable here: then no subscription was made either.
    });
    unauthorize();
    try {
      forgetSavedPasses(window.localStorage);
    } catch {
      // Storage unavailable: nothing was saved either.
    }
    try {
      // What this tab kept of a purchase: the last one's note and a half-made stay booking with its proof.
      forgetPurchaseRecord(window.sessionStorage);
      forgetStayDrafts(window.sessionStorage);
    } catch {
      // Storage unavailable: nothing was kept either.
    }
    await forgetOfflinePages().catch(() => {
      // Workers or caches unavailable here: then none were kept either.
    });
    // A volunteer's attendance rosters (their small module is loaded here, on logout only).
    await import('@/components/admin/attendance/offline-store')
      .then((store) => store.forgetRosters())
      .catch(() => {
        // IndexedDB unavailable here: then no roster was kept either.
      });
    await api.post('/api/logout').catch(() => {
      // The cookie expires by itself; a failed request must not keep anyone signed in here.
    });
  }, [unauthorize]);

  const value = useMemo(
    () => ({ ...state, authorize, unauthorize, logout }),
    [state, authorize, unauthorize, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The user whose guard cookie the server checked for this very page (SignedInOnServer), if any. */
const CheckedOnServerContext = createContext<SignedInUser | null>(null);

/**
 * Around a guarded page that the server rendered for its visitor: their token was checked for this very
 * request (proxy.ts, requestViewer), so the page's auth state starts initialised as that user, and its
 * first frame, in the document, is the page itself rather than the loader of an auth state still unknown.
 * The stored token is still verified as every page does; what that check ends with replaces this.
 */
export function SignedInOnServer({ user, children }: { user: SignedInUser | null; children: ReactNode }) {
  return <CheckedOnServerContext.Provider value={user}>{children}</CheckedOnServerContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  const checkedOnServer = useContext(CheckedOnServerContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  const useServerCheck = !value.isInitialized && checkedOnServer !== null;
  return useMemo(
    () =>
      useServerCheck
        ? { ...value, user: checkedOnServer, isAuthenticated: true, isInitialized: true }
        : value,
    [useServerCheck, value, checkedOnServer],
  );
}

import type { ReactNode } from 'react';
import { HeldUntilHydrated } from '@/components/forms/held-until-hydrated';
import { SignedInOnServer } from './auth-provider';
import type { SignedInUser } from './auth-state';
import { RoleGuard } from './role-guard';

/**
 * A signed-in page rendered for its visitor: `user` is the server's check of their guard cookie for this
 * request (requestViewer in lib/server/auth), which starts the page's auth state (SignedInOnServer); the
 * route's rule is applied on the client as everywhere (RoleGuard). Its controls are in that HTML too, and
 * wait for the script (HeldUntilHydrated): a tap or a keystroke before it runs would be lost.
 */
export function GuardedPage({ user, children }: { user: SignedInUser | null; children: ReactNode }) {
  return (
    <SignedInOnServer user={user}>
      <RoleGuard>
        <HeldUntilHydrated>{children}</HeldUntilHydrated>
      </RoleGuard>
    </SignedInOnServer>
  );
}

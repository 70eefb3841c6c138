'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { rememberReturnPath } from '@/lib/return-path';
import { guardDecision, rolesForPath } from '@/lib/roles';
import { PageLoader } from '@/components/ui/page-loader';
import { useAuth } from './auth-provider';

/**
 * The client half of the route guard (proxy.ts is the server half). Roles default to the route table in
 * lib/roles.ts, so both halves apply the same rule.
 */
export function RoleGuard({ roles, children }: { roles?: readonly string[]; children: ReactNode }) {
  const auth = useAuth();
  const pathname = usePathname();
  const router = useRouter();
  const decision = guardDecision(
    { isInitialized: auth.isInitialized, isAuthenticated: auth.isAuthenticated, role: auth.user?.role },
    roles ?? rolesForPath(pathname),
  );

  useEffect(() => {
    if (decision === 'login') {
      // Signing in leads back here, query included, as proxy.ts arranges on the server.
      rememberReturnPath(`${window.location.pathname}${window.location.search}`);
      router.replace('/login');
    }
    if (decision === 'unauthorized') router.replace('/unauthorized');
  }, [decision, router]);

  if (decision !== 'allow') return <PageLoader />;
  return <>{children}</>;
}

import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AdminNav } from '@/components/admin/admin-nav';
import { RoleGuard } from '@/components/auth/role-guard';
import { consoleRoles } from '@/lib/roles';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';

export const metadata: Metadata = {
  title: { default: 'Console', template: '%s | Console' },
  robots: { index: false, follow: false },
};

// Every console page reads live data for the signed-in organiser: never cached, never prerendered.
export const dynamic = 'force-dynamic';

export default async function AdminLayout({ children }: { children: ReactNode }) {
  // Every console role gets the frame (volunteers included); each page checks its own roles.
  const user = await requireConsoleUser(consoleRoles);
  return (
    <RoleGuard>
      <div className="min-h-dvh bg-night pt-16 lg:flex">
        <AdminNav role={user.role} />
        <div className="min-w-0 flex-1 px-4 py-6 lg:px-8">{children}</div>
      </div>
    </RoleGuard>
  );
}

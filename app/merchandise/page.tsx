import type { Metadata } from 'next';
import { RoleGuard } from '@/components/auth/role-guard';
import { ComingSoon } from '@/components/ui/coming-soon';

// Placeholder until this screen is built; guarded like the real screen (proxy.ts and the client guard).
export const metadata: Metadata = { title: 'Merchandise', robots: { index: false } };

export default function Page() {
  return (
    <RoleGuard>
      <ComingSoon />
    </RoleGuard>
  );
}

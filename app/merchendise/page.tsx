// /merchendise (spelt so, SPEC.md part 2): the same screen as /merchandise.
import type { Metadata } from 'next';
import { RoleGuard } from '@/components/auth/role-guard';
import { MerchandiseScreen } from '@/components/merch/merchandise-screen';

export const metadata: Metadata = { title: 'Merchandise', robots: { index: false } };

export default function Page() {
  return (
    <RoleGuard>
      <MerchandiseScreen />
    </RoleGuard>
  );
}

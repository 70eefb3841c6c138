// /accomodation (spelt so, SPEC.md part 2): accommodation booking, for signed-in participants.
import type { Metadata } from 'next';
import { AccommodationScreen } from '@/components/accommodation/accommodation-screen';
import { RoleGuard } from '@/components/auth/role-guard';

export const metadata: Metadata = { title: 'Accommodation', robots: { index: false } };

export default function Page() {
  return (
    <RoleGuard>
      <AccommodationScreen />
    </RoleGuard>
  );
}

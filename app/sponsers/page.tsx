import type { Metadata } from 'next';
import { ComingSoon } from '@/components/ui/coming-soon';

// Placeholder until this screen is built; it keeps the route reachable from the menu.
export const metadata: Metadata = { title: 'Sponsers' };

export default function Page() {
  return <ComingSoon />;
}

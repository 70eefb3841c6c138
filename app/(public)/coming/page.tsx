import type { Metadata } from 'next';
import { ComingSoon } from '@/components/ui/coming-soon';

export const metadata: Metadata = { title: 'Coming soon', alternates: { canonical: '/coming' } };

export default function ComingPage() {
  return <ComingSoon />;
}

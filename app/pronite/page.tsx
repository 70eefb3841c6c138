import type { Metadata } from 'next';
import { ProniteShow } from '@/components/pronite/pronite-show';
import { festival } from '@/lib/festival';
import { cachedProniteArtists } from '@/lib/server/content-cache';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Pronite',
  description: `${festival.concertNights} concert nights at ${festival.name}: meet the artists of Pronite.`,
  alternates: { canonical: '/pronite' },
};

export default async function PronitePage() {
  return (
    <main>
      <ProniteShow artists={await cachedProniteArtists()} />
    </main>
  );
}

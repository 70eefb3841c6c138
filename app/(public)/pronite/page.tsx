import type { Metadata } from 'next';
import { ContactBlock } from '@/components/contact/contact-block';
import { ProniteShow } from '@/components/pronite/pronite-show';
import { festival } from '@/lib/festival';
import { cachedProniteArtists } from '@/lib/server/content-cache';

// Rendered on the first visit after a build or a change of its content (tag), then served from the cache.
export const revalidate = false;

export const metadata: Metadata = {
  title: 'Pronite',
  description: `${festival.concertNights} concert nights at ${festival.name}: meet the Pronite artists, one for every night.`,
  alternates: { canonical: '/pronite' },
};

export default async function PronitePage() {
  const artists = await cachedProniteArtists();
  return (
    <>
      <main>
        <ProniteShow artists={artists} />
      </main>
      <ContactBlock />
    </>
  );
}

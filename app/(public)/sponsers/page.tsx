import type { Metadata } from 'next';
import Image from 'next/image';
import { contentImageProps } from '@/lib/content-image';
import { festival } from '@/lib/festival';
import { cachedVisibleSponsors } from '@/lib/server/content-cache';

// Rendered on the first visit after a build or a change of its content (tag), then served from the cache.
export const revalidate = false;

export const metadata: Metadata = {
  title: 'Sponsors',
  description: `The partners who make ${festival.name} possible.`,
  alternates: { canonical: '/sponsers' },
};

export default async function SponsorsPage() {
  const groups = await cachedVisibleSponsors();
  return (
    <main className="mx-auto max-w-5xl px-4 pb-24 pt-24">
      <h1 className="text-center font-display text-5xl tracking-widest text-gold">Sponsors</h1>
      {groups.map((group, index) => (
        <section key={group.sponsorCategory} aria-labelledby={`sponsor-group-${index}`} className="mt-14">
          <h2 id={`sponsor-group-${index}`} className="text-center font-display text-3xl text-parchment">
            {group.sponsorCategory}
          </h2>
          <ul className="mt-8 flex flex-wrap justify-center gap-8">
            {group.sponsors.map((sponsor) => (
              <li key={sponsor.name} className="w-40 text-center sm:w-48">
                <a
                  href={sponsor.websiteUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="group flex flex-col items-center gap-3 rounded-2xl bg-parchment/95 p-4 transition hover:ring-2 hover:ring-gold"
                >
                  <Image
                    // The card (w-40, sm:w-48) less its padding.
                    {...contentImageProps(sponsor.imageUrl, '(min-width: 640px) 160px, 128px')}
                    alt={`${sponsor.name} logo`}
                    width={200}
                    height={100}
                    className="h-20 w-full object-contain"
                  />
                  <span className="font-display text-base text-ink">{sponsor.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}

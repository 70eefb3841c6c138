import type { Metadata } from 'next';
import { ContactBlock } from '@/components/contact/contact-block';
import { AfterMovie } from '@/components/home/after-movie';
import { ExploreEvents } from '@/components/home/explore-events';
import { Hero } from '@/components/home/hero';
import { ImageCarousel } from '@/components/home/image-carousel';
import { Splash } from '@/components/home/splash';
import { ThemeSection } from '@/components/home/theme-section';
import { JsonLd } from '@/components/seo/json-ld';
import { env } from '@/lib/server/env';
import { festivalJsonLd } from '@/lib/structured-data';

export const metadata: Metadata = { alternates: { canonical: '/' } };

/**
 * Home. Every section is server-rendered static HTML; the client parts (splash overlay, parallax, flag
 * drop-in, video swap, carousel) only enhance it. The carousel library is imported here and nowhere else.
 */
export default function HomePage() {
  return (
    <>
      <Splash />
      <main>
        <Hero />
        <ThemeSection />
        <ExploreEvents />
        <AfterMovie />
        <section aria-labelledby="gallery-heading" className="px-6 py-16 text-center">
          <h2 id="gallery-heading" className="font-display text-3xl tracking-widest text-gold sm:text-4xl">
            GALLERY
          </h2>
          <ImageCarousel />
        </section>
      </main>
      <ContactBlock />
      <JsonLd data={festivalJsonLd(env().SITE_URL)} />
    </>
  );
}

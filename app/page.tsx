import type { Metadata } from 'next';
import { ContactBlock } from '@/components/contact/contact-block';
import { AfterMovie } from '@/components/home/after-movie';
import { ExploreFlags } from '@/components/home/explore-flags';
import { ImageCarousel } from '@/components/home/image-carousel';
import { ParallaxLayers } from '@/components/home/parallax-layers';
import { RegisterCta } from '@/components/home/register-cta';
import { Splash } from '@/components/home/splash';
import { JsonLd } from '@/components/seo/json-ld';
import { festival, festivalTitle } from '@/lib/festival';
import { env } from '@/lib/server/env';
import { festivalJsonLd } from '@/lib/structured-data';

export const metadata: Metadata = { alternates: { canonical: '/' } };

const sectionHeading = 'text-center font-display text-3xl tracking-widest text-gold sm:text-4xl';

export default function HomePage() {
  return (
    <>
      <Splash />
      <main>
        <section className="relative isolate flex min-h-dvh flex-col items-center justify-center overflow-hidden px-6 text-center">
          <ParallaxLayers />
          <p className="font-display text-sm tracking-[0.4em] text-gold drop-shadow">
            20 – 23 FEBRUARY · GANDHINAGAR
          </p>
          <h1 className="mt-4 font-display text-5xl tracking-wider text-parchment drop-shadow-lg sm:text-7xl">
            {festivalTitle}
          </h1>
          <p className="mt-4 max-w-xl text-xl text-parchment drop-shadow">{festival.tagline}</p>
          <div className="mt-8">
            <RegisterCta />
          </div>
        </section>
        <section aria-labelledby="theme-heading" className="mx-auto max-w-3xl px-6 py-20 text-center">
          <h2 id="theme-heading" className={sectionHeading}>
            THEME
          </h2>
          <p className="mt-6 text-xl">{festival.description}</p>
        </section>
        <section aria-labelledby="explore-heading" className="mx-auto max-w-5xl px-6 py-16">
          <h2 id="explore-heading" className={sectionHeading}>
            EXPLORE EVENTS
          </h2>
          <ExploreFlags />
        </section>
        <section aria-labelledby="movie-heading" className="px-6 py-16">
          <h2 id="movie-heading" className={sectionHeading}>
            After Movie
          </h2>
          <AfterMovie />
        </section>
        <section aria-labelledby="gallery-heading" className="px-6 py-16">
          <h2 id="gallery-heading" className={sectionHeading}>
            Gallery
          </h2>
          <ImageCarousel />
        </section>
      </main>
      <ContactBlock />
      <JsonLd data={festivalJsonLd(env().SITE_URL)} />
    </>
  );
}

import { festival, festivalTitle } from '@/lib/festival';
import { HeroParallax } from './hero-parallax';
import { RegisterCta } from './register-cta';

/**
 * The first screen: the parallax castle scene with the festival name as real text in the server HTML
 * (it is the page's Largest Contentful Paint, visible without JavaScript) and the Register button.
 */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate flex min-h-svh flex-col items-center overflow-hidden px-6 pb-10 pt-24 text-center sm:pt-28"
    >
      <HeroParallax />
      <p className="font-display text-sm tracking-[0.35em] text-gold [text-shadow:0_1px_6px_#0d0a1a]">
        20 – 23 FEBRUARY · {festival.venue.city.toUpperCase()}
      </p>
      <h1
        id="hero-heading"
        className="mt-4 font-display text-5xl tracking-wider text-parchment [text-shadow:0_2px_18px_#0d0a1a] sm:text-7xl"
      >
        {festivalTitle}
      </h1>
      <p className="mt-4 max-w-xl text-xl text-parchment [text-shadow:0_1px_8px_#0d0a1a]">
        {festival.tagline}
      </p>
      <div className="mt-auto pt-8">
        <RegisterCta />
      </div>
    </section>
  );
}

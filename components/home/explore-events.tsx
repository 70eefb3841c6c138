import Image from 'next/image';
import Link from 'next/link';
import { DropIn } from './drop-in';

const flags = [
  { slug: 'cultural', label: 'Cultural' },
  { slug: 'technical', label: 'Technical' },
  { slug: 'sports', label: 'Sports' },
  { slug: 'informals', label: 'Informals' },
] as const;

/** EXPLORE EVENTS: four house banners that drop in on scroll, each leading to the event list. */
export function ExploreEvents() {
  return (
    <section aria-labelledby="explore-heading" className="mx-auto max-w-5xl px-6 py-16 text-center">
      <h2 id="explore-heading" className="font-display text-3xl tracking-widest text-gold sm:text-4xl">
        EXPLORE EVENTS
      </h2>
      <p className="mt-4 text-lg text-parchment/90">Pick a banner and find your competition.</p>
      <DropIn className="mt-10">
        <ul className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-4">
          {flags.map((flag, i) => (
            <li key={flag.slug} className="flex justify-center">
              <Link
                href="/event"
                data-drop="in-place"
                data-testid="event-flag"
                style={{ transitionDelay: `${i * 120}ms` }}
                className="group flex flex-col items-center gap-3 rounded-xl p-2 data-[drop=dropped]:transition-[transform,opacity] data-[drop=dropped]:duration-700 data-[drop=dropped]:ease-[cubic-bezier(0.34,1.4,0.64,1)] data-[drop=waiting]:-translate-y-28 data-[drop=waiting]:opacity-0"
              >
                <Image
                  src={`/images/home/flag-${flag.slug}.svg`}
                  alt=""
                  width={200}
                  height={300}
                  unoptimized
                  className="h-auto w-28 drop-shadow-[0_8px_16px_rgba(0,0,0,0.5)] transition-transform group-hover:-rotate-2 sm:w-36"
                />
                <span className="font-display text-lg tracking-widest text-parchment group-hover:text-gold">
                  {flag.label}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </DropIn>
      <Link
        href="/event"
        className="mt-10 inline-flex min-h-11 items-center font-display text-gold underline underline-offset-8"
      >
        See all events
      </Link>
    </section>
  );
}

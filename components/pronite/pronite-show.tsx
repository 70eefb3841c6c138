import Image from 'next/image';
import { contentImageProps } from '@/lib/content-image';
import type { ProniteArtist } from '@/lib/content-types';
import { festival, festivalTitle } from '@/lib/festival';
import { formatShortDate } from '@/lib/format';
import { ProniteStage } from './pronite-stage';

/**
 * The Pronite showcase. Server-rendered as a plain sequence of full-screen panels ('Pronite', then each
 * artist with name, tagline, night and picture), which is what crawlers, readers without JavaScript and
 * visitors who prefer reduced motion get; ProniteStage turns it into the pinned, scrubbed sequence.
 */
export function ProniteShow({ artists }: { artists: ProniteArtist[] }) {
  return (
    <ProniteStage>
      <section
        data-pronite-panel="intro"
        aria-labelledby="pronite-heading"
        className="relative flex h-svh flex-col items-center justify-center bg-[radial-gradient(circle_at_50%_42%,#3b2066_0%,#140f2b_45%,#0d0a1a_80%)] px-6 pt-16 text-center"
      >
        <p className="font-display text-sm tracking-[0.4em] text-gold">
          {festivalTitle.toUpperCase()} PRESENTS
        </p>
        <h1
          id="pronite-heading"
          className="mt-4 font-display text-6xl tracking-[0.15em] text-parchment [text-shadow:0_0_30px_rgba(233,196,106,0.45)] sm:text-8xl"
        >
          Pronite
        </h1>
        <p className="mt-5 max-w-md text-xl text-parchment/90">
          {festival.concertNights} concert nights under the {festival.venue.city} sky.
        </p>
        <p
          aria-hidden="true"
          className="absolute bottom-10 font-display text-xs tracking-[0.4em] text-gold/80"
        >
          SCROLL ↓
        </p>
      </section>
      <ol aria-label="Pronite artists">
        {artists.map((artist, i) => (
          <li
            key={artist.id}
            data-pronite-panel="artist"
            className="flex min-h-svh flex-col items-center justify-center gap-6 bg-[radial-gradient(circle_at_50%_40%,#221640_0%,#0d0a1a_70%)] px-6 pb-10 pt-20 sm:flex-row sm:gap-16 sm:px-12"
          >
            <div
              data-part="picture"
              className="relative aspect-[4/5] w-52 shrink-0 overflow-hidden rounded-2xl border border-gold/40 shadow-2xl shadow-black/60 sm:w-80"
            >
              <Image
                {...contentImageProps(artist.imageUrl, '(min-width: 640px) 320px, 208px')}
                alt={`${artist.name} on stage`}
                fill
                className="object-cover"
              />
            </div>
            <div data-part="words" className="max-w-md text-center sm:text-left">
              <p className="font-display text-sm tracking-[0.3em] text-gold">
                NIGHT {i + 1} · <time dateTime={artist.night}>{formatShortDate(artist.night)}</time>
              </p>
              <h2 className="mt-3 font-display text-4xl text-parchment sm:text-5xl">{artist.name}</h2>
              <p className="mt-3 text-xl text-parchment/90">{artist.tagline}</p>
            </div>
          </li>
        ))}
      </ol>
    </ProniteStage>
  );
}

'use client';

import { useGSAP } from '@gsap/react';
import gsap from 'gsap';
import { ScrollTrigger } from 'gsap/ScrollTrigger';
import Image from 'next/image';
import { useEffect, useRef, useState } from 'react';
import type { ProniteArtist } from '@/lib/content-types';
import { formatShortDate } from '@/lib/format';

gsap.registerPlugin(useGSAP, ScrollTrigger);

export const proniteLoaderMs = 2000;
export const pinLengthPx = 2000;

/**
 * The Pronite sequence: after a 2-second loader, the stage is pinned and scrubbed over 2000 px of
 * scrolling, showing 'Pronite' and then each artist in turn. Wide screens slide artists in from the
 * side, phones fade them up; without JavaScript or with reduced motion the artists are a plain list.
 */
export function ProniteShow({ artists }: { artists: ProniteArtist[] }) {
  const stage = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), proniteLoaderMs);
    return () => clearTimeout(timer);
  }, []);

  useGSAP(
    () => {
      if (loading) return;
      const media = gsap.matchMedia();
      const panels = gsap.utils.toArray<HTMLElement>('[data-panel]');
      const sequence = (from: gsap.TweenVars) => {
        gsap.set(stage.current, { height: '100dvh' });
        gsap.set(panels, { position: 'absolute', inset: 0 });
        gsap.set(panels.slice(1), { autoAlpha: 0, ...from });
        const timeline = gsap.timeline({
          scrollTrigger: {
            trigger: stage.current,
            pin: true,
            start: 'top top',
            end: `+=${pinLengthPx}`,
            scrub: true,
          },
        });
        panels.slice(1).forEach((panel, i) => {
          timeline
            .to(panels[i]!, { autoAlpha: 0, duration: 0.5 })
            .to(panel, { autoAlpha: 1, x: 0, y: 0, duration: 1 }, '<');
        });
      };
      media.add('(min-width: 640px) and (prefers-reduced-motion: no-preference)', () => sequence({ x: 200 }));
      media.add('(max-width: 639px) and (prefers-reduced-motion: no-preference)', () => sequence({ y: 120 }));
      return () => media.revert();
    },
    { scope: stage, dependencies: [loading] },
  );

  return (
    <>
      {loading ? (
        // Hidden by CSS after 2 s as well, so the page never stays covered without JavaScript.
        <div
          data-testid="pronite-loader"
          role="status"
          className="timed-loader fixed inset-0 z-[70] flex items-center justify-center bg-ink"
        >
          <span className="loader-orb" aria-hidden="true" />
          <span className="sr-only">Loading Pronite</span>
        </div>
      ) : null}
      <div ref={stage} className="relative overflow-hidden">
        <section data-panel className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
          <h1 className="font-display text-6xl tracking-[0.2em] text-gold sm:text-8xl">Pronite</h1>
          <p className="mt-4 max-w-md text-lg text-parchment/90">
            Three concert nights under the Gandhinagar sky.
          </p>
        </section>
        {artists.map((artist) => (
          <article
            key={artist.id}
            data-panel
            className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 py-20 sm:flex-row sm:gap-12"
          >
            <Image
              src={artist.imageUrl}
              alt={`${artist.name} on stage`}
              width={400}
              height={500}
              unoptimized
              className="h-auto w-56 rounded-2xl border border-gold/40 sm:w-80"
            />
            <div className="text-center sm:text-left">
              <p className="font-display text-sm tracking-[0.3em] text-gold">
                {formatShortDate(artist.night)}
              </p>
              <h2 className="mt-2 font-display text-4xl text-parchment sm:text-5xl">{artist.name}</h2>
              <p className="mt-3 max-w-sm text-lg text-parchment/85">{artist.tagline}</p>
            </div>
          </article>
        ))}
      </div>
    </>
  );
}

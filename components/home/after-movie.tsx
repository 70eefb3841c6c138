'use client';

import Image from 'next/image';
import { useState } from 'react';
import { afterMovieVideoId } from '@/lib/festival-media';

/** The After Movie: a local poster until the play button is pressed; nothing loads from the video site before. */
export function AfterMovie() {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="relative mx-auto mt-8 aspect-video w-full max-w-4xl overflow-hidden rounded-2xl border border-gold/30 bg-black">
      {playing ? (
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${afterMovieVideoId}?autoplay=1`}
          title="Festival after movie"
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          className="absolute inset-0 h-full w-full"
        />
      ) : (
        <>
          <Image
            src="/images/home/after-movie-poster.svg"
            alt=""
            fill
            unoptimized
            sizes="(min-width: 896px) 896px, 100vw"
            className="object-cover"
          />
          <button
            type="button"
            onClick={() => setPlaying(true)}
            aria-label="Play the after movie"
            className="absolute left-1/2 top-1/2 flex h-20 w-20 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-gold text-ink shadow-2xl transition hover:scale-105"
          >
            <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
          </button>
        </>
      )}
    </div>
  );
}

'use client';

import Image from 'next/image';
import { useEffect, useRef, useState } from 'react';
import { afterMovieEmbedUrl, afterMovieTitle } from '@/lib/festival-media';

/**
 * A local poster with a play button; pressing it swaps in the video platform's player. Until then nothing
 * is requested from the platform: no iframe, no preconnect, no thumbnail from its servers.
 */
export function AfterMoviePlayer() {
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    // The play button is gone: keep keyboard focus where the visitor was, on the player.
    if (playing) frameRef.current?.focus();
  }, [playing]);

  return (
    <div className="relative mx-auto mt-8 aspect-video w-full max-w-4xl overflow-hidden rounded-2xl border border-gold/30 bg-black shadow-2xl shadow-black/60">
      {playing ? (
        <iframe
          ref={frameRef}
          src={afterMovieEmbedUrl()}
          title={afterMovieTitle}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="absolute inset-0 h-full w-full border-0"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          aria-label="Play the after movie"
          className="group absolute inset-0 flex items-center justify-center"
        >
          <Image
            src="/images/home/after-movie-poster.svg"
            alt=""
            fill
            unoptimized
            sizes="(min-width: 928px) 896px, 100vw"
            className="object-cover transition-transform duration-500 group-hover:scale-[1.02]"
          />
          <span className="relative flex h-20 w-20 items-center justify-center rounded-full bg-gold text-ink shadow-2xl ring-4 ring-gold/30 transition group-hover:scale-105 group-focus-visible:ring-parchment">
            <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
          </span>
        </button>
      )}
    </div>
  );
}

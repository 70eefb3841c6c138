'use client';

import Link from 'next/link';
import type { FestivalEvent } from '@/lib/content-types';
import { setNavState } from '@/lib/nav-state';

/** 'Register' on an event card: the event travels in the URL and as navigation state. */
export function RegisterLink({ position, event }: { position: number; event: FestivalEvent }) {
  const href = `/event/${position}/register?event=${event.id}`;
  return (
    <Link
      href={href}
      prefetch={false}
      onClick={() => setNavState(`/event/${position}/register`, { event })}
      className="inline-flex min-h-11 items-center justify-center rounded-full bg-gold px-6 font-display text-sm tracking-widest text-ink transition hover:bg-amber-300"
      aria-label={`Register for ${event.name}`}
    >
      Register
    </Link>
  );
}

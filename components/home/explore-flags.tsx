'use client';

import Image from 'next/image';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';

const flags = [
  { src: '/images/home/flag-technical.svg', label: 'Technical' },
  { src: '/images/home/flag-cultural.svg', label: 'Cultural' },
  { src: '/images/home/flag-sports.svg', label: 'Sports' },
  { src: '/images/home/flag-informals.svg', label: 'Informals' },
];

/** EXPLORE EVENTS: four flags that drop in when the section scrolls into view. */
export function ExploreFlags() {
  const ref = useRef<HTMLUListElement>(null);
  const [state, setState] = useState<'static' | 'up' | 'down'>('static');

  useEffect(() => {
    const list = ref.current;
    if (!list || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (list.getBoundingClientRect().top < window.innerHeight * 0.8) return;
    setState('up');
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          setState('down');
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -20% 0px' },
    );
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  return (
    <ul ref={ref} data-flags={state} className="mt-10 grid grid-cols-2 gap-6 sm:grid-cols-4">
      {flags.map((flag, i) => (
        <li key={flag.label}>
          <Link
            href="/event"
            className={`group flex flex-col items-center gap-3 transition duration-700 ease-out ${
              state === 'up' ? 'invisible -translate-y-24 opacity-0' : 'translate-y-0 opacity-100'
            }`}
            style={{ transitionDelay: `${i * 150}ms` }}
          >
            <Image
              src={flag.src}
              alt=""
              width={160}
              height={240}
              unoptimized
              className="h-auto w-28 sm:w-36"
            />
            <span className="font-display text-lg tracking-widest text-parchment group-hover:text-gold">
              {flag.label}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

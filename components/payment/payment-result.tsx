'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';

/** SPEC.md part 9: the result pages count down from 5 seconds, then go home. */
export const redirectSeconds = 5;

const copy = {
  success: {
    title: 'Payment Success',
    text: 'Thank you! Your payment went through.',
    mark: '✓',
    ring: 'border-emerald-400/70 text-emerald-300',
  },
  failure: {
    title: 'Payment Failure',
    text: 'Your payment was not completed.',
    mark: '✕',
    ring: 'border-red-400/70 text-red-300',
  },
} as const;

/** 'Payment Success' or 'Payment Failure' with a visible countdown, then a replace to the home page. */
export function PaymentResult({ outcome }: { outcome: keyof typeof copy }) {
  const router = useRouter();
  const [remaining, setRemaining] = useState(redirectSeconds);
  const { title, text, mark, ring } = copy[outcome];

  useEffect(() => {
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      const left = Math.max(0, redirectSeconds - Math.floor((Date.now() - startedAt) / 1000));
      setRemaining(left);
      if (left === 0) {
        window.clearInterval(timer);
        router.replace('/');
      }
    }, 200);
    return () => window.clearInterval(timer);
  }, [router]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-[radial-gradient(ellipse_at_top,_#2a1f5c_0%,_#140f2b_45%,_#0d0a1a_100%)] px-6 pb-16 pt-24 text-center">
      <span
        aria-hidden="true"
        className={`flex h-20 w-20 items-center justify-center rounded-full border-4 text-4xl ${ring}`}
      >
        {mark}
      </span>
      <h1 className="font-display text-3xl text-gold sm:text-4xl">{title}</h1>
      <p className="text-lg text-parchment/90">{text}</p>
      <p role="timer" aria-atomic="true" className="text-parchment/85">
        Taking you to the home page in{' '}
        <span className="inline-block min-w-[1ch] font-semibold tabular-nums text-gold">{remaining}</span>{' '}
        {remaining === 1 ? 'second' : 'seconds'}
      </p>
      <Link
        href="/"
        replace
        className="inline-flex min-h-11 items-center rounded-full bg-gold px-5 py-2 font-display text-sm tracking-wide text-ink transition hover:bg-amber-300"
      >
        Go to Home now
      </Link>
    </main>
  );
}

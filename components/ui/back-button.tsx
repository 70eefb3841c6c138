'use client';

import { useRouter } from 'next/navigation';

/** Goes to the previous page, or to `fallback` when this page was opened directly. */
export function BackButton({
  label = 'Back',
  fallback = '/',
  className = '',
}: {
  label?: string;
  fallback?: string;
  className?: string;
}) {
  const router = useRouter();
  return (
    <button
      type="button"
      onClick={() => (window.history.length > 1 ? router.back() : router.push(fallback))}
      className={`inline-flex min-h-11 items-center gap-2 rounded-full border border-gold/50 px-5 py-2 font-display text-sm tracking-wide text-gold transition hover:bg-gold/10 ${className}`}
    >
      <span aria-hidden="true">←</span> {label}
    </button>
  );
}

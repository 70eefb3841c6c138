'use client';

import { useEffect } from 'react';

/** Error boundary for every page: says what happened in plain words and offers a retry. */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 pt-16 text-center">
      <h1 className="font-display text-2xl text-gold sm:text-3xl">A spell went wrong</h1>
      <p className="max-w-md opacity-80">
        Something went wrong while showing this page. Please try again.
        {error.digest ? <span className="block text-sm opacity-70">Reference: {error.digest}</span> : null}
      </p>
      <button
        type="button"
        onClick={reset}
        className="rounded-full bg-gold px-5 py-2 font-display text-sm text-ink"
      >
        Try again
      </button>
    </main>
  );
}

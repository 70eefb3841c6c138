import type { Metadata } from 'next';
import Link from 'next/link';
import { BackButton } from '@/components/ui/back-button';

export const metadata: Metadata = { title: 'Unauthorized', robots: { index: false } };

export default function UnauthorizedPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-8 px-6 pt-16 text-center">
      <h1 className="font-display text-2xl text-parchment sm:text-3xl">
        You don&apos;t have permission to access this page...
      </h1>
      <div className="flex flex-wrap justify-center gap-4">
        <BackButton label="Go Back" />
        <Link
          href="/"
          className="inline-flex min-h-11 items-center rounded-full bg-gold px-5 py-2 font-display text-sm tracking-wide text-ink transition hover:bg-amber-300"
        >
          Go to Home
        </Link>
      </div>
    </main>
  );
}

import Link from 'next/link';

/** The themed not-found screen, shared by the root and by segments that add behaviour around it. */
export function NotFoundContent() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 pt-16 text-center">
      <p className="font-display text-7xl text-gold">404</p>
      <h1 className="font-display text-2xl sm:text-3xl">This corridor of the castle does not exist</h1>
      <p className="max-w-md opacity-80">
        The page you asked for has vanished, or was never conjured. Try the map below.
      </p>
      <nav aria-label="Helpful links" className="flex flex-wrap justify-center gap-4">
        <Link href="/" className="rounded-full bg-gold px-5 py-2 font-display text-sm text-ink">
          Go to Home
        </Link>
        <Link
          href="/event"
          className="rounded-full border border-gold/60 px-5 py-2 font-display text-sm text-gold"
        >
          See events
        </Link>
      </nav>
    </main>
  );
}

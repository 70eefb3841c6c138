/** The merchandise hero of SPEC.md part 2: 'Merchandise' over 'Chamber of Secrets'. */
export function MerchHero() {
  return (
    <header className="text-center">
      <h1 className="font-display text-4xl tracking-wide text-gold sm:text-5xl">Merchandise</h1>
      <p className="mt-2 font-display text-lg tracking-[0.25em] text-parchment/85 uppercase sm:text-xl">
        Chamber of Secrets
      </p>
    </header>
  );
}

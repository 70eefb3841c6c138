/** A loader that sits inside a card or section (the full-page one is components/ui/page-loader). */
export function InlineLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-40 items-center justify-center">
      <span className="loader-orb" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

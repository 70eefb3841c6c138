/** Marks an item the public site does not show. */
export function HiddenBadge({ hidden, label = 'Hidden' }: { hidden: boolean; label?: string }) {
  if (!hidden) return null;
  return (
    <span className="ml-2 inline-block rounded-full border border-parchment/40 px-2 py-0.5 align-middle text-xs uppercase tracking-wide text-parchment/80">
      {label}
    </span>
  );
}

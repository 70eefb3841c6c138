/** Shared look of the account forms' inputs: dark glass, gold focus, red border when invalid. */
export const inputClass =
  'block min-h-12 w-full rounded-lg border border-parchment/30 bg-black/40 px-3 py-2 text-base text-parchment ' +
  'placeholder:text-parchment/50 transition focus:border-gold disabled:opacity-60 aria-invalid:border-red-400';

export const labelClass = 'mb-1 block font-display text-sm tracking-wide text-gold';

export const errorClass = 'mt-1 text-sm text-red-300';

export const hintClass = 'mt-1 text-sm text-parchment/75';

export const textLinkClass =
  'font-semibold text-gold underline decoration-gold/50 underline-offset-4 transition hover:text-amber-300';

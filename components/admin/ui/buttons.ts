/** The console's small action buttons: at least 44 px tall for a thumb, readable on the night background. */
export const actionButtonClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-parchment/30 px-3 text-sm ' +
  'text-parchment transition hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-40';

export const dangerButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-red-400/60 px-3 text-sm ' +
  'text-red-200 transition hover:bg-red-500/20 disabled:cursor-not-allowed disabled:opacity-40';

export const primaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-gold px-5 font-display text-sm tracking-wide ' +
  'text-ink transition hover:bg-amber-300 disabled:opacity-50';

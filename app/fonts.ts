import localFont from 'next/font/local';

/** Display face for headings; latin subset only, swapped in without layout shift (size-adjusted fallback). */
export const displayFont = localFont({
  src: [{ path: '../node_modules/@fontsource/cinzel/files/cinzel-latin-700-normal.woff2', weight: '700' }],
  variable: '--font-cinzel',
  display: 'swap',
  fallback: ['Georgia', 'serif'],
});

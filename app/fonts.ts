import localFont from 'next/font/local';

/** Display face for headings; latin subset only, swapped in without layout shift (size-adjusted fallback). */
export const displayFont = localFont({
  src: [{ path: '../node_modules/@fontsource/cinzel/files/cinzel-latin-700-normal.woff2', weight: '700' }],
  variable: '--font-cinzel',
  display: 'swap',
  fallback: ['Georgia', 'serif'],
});

export const bodyFont = localFont({
  src: [
    {
      path: '../node_modules/@fontsource/crimson-text/files/crimson-text-latin-400-normal.woff2',
      weight: '400',
    },
    {
      path: '../node_modules/@fontsource/crimson-text/files/crimson-text-latin-600-normal.woff2',
      weight: '600',
    },
  ],
  variable: '--font-crimson',
  display: 'swap',
  fallback: ['Georgia', 'serif'],
});

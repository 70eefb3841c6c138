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
  // Only the display face (the headings that are each page's largest text) is preloaded: preloading the
  // body faces too put 53 KB ahead of the page's own requests on a slow connection. Body text shows in
  // the size-adjusted fallback until its face arrives, without a layout shift.
  preload: false,
  fallback: ['Georgia', 'serif'],
});

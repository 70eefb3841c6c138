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
  // Only the display face (the headings that are each page's largest text) is preloaded: preloading the
  // body faces too put 53 KB ahead of the page's own requests on a slow connection. 'optional', not
  // 'swap': body text that has been laid out in the fallback stays in it for that page view, because the
  // size-adjusted fallback is computed against a face most phones lack (Arial; none on Android), and
  // swapping rewrapped paragraphs and moved everything below them (a layout shift of 0.095 on /terms).
  // The face downloads anyway and is used from the next page on.
  display: 'optional',
  preload: false,
  fallback: ['Georgia', 'serif'],
});

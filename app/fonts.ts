import localFont from 'next/font/local';

/**
 * Display face for headings; latin subset only, swapped in without layout shift. Its fallback is sized
 * from Times New Roman (a serif like Cinzel) and then named face by face rather than left to "serif",
 * which each browser resolves its own way (Firefox and Chromium wrapped headings differently).
 */
export const displayFont = localFont({
  src: [{ path: '../node_modules/@fontsource/cinzel/files/cinzel-latin-700-normal.woff2', weight: '700' }],
  variable: '--font-cinzel',
  display: 'swap',
  adjustFontFallback: 'Times New Roman',
  fallback: ['Georgia', 'Noto Serif', 'DejaVu Serif', 'Liberation Serif', 'serif'],
});

import path from 'node:path';
import type { NextConfig } from 'next';
import { contentImageWidths } from './lib/content-image-widths';

const isDev = process.env.NODE_ENV !== 'production';

/** The font files a certificate's PDF may need (see outputFileTracingIncludes below). */
const certificateFonts = [
  './node_modules/@fontsource/noto-sans*/files/*-400-normal.woff',
  './node_modules/@fontsource/cinzel/files/cinzel-latin*-700-normal.woff',
];

/*
 * Content-Security-Policy. Public pages are prerendered and cached, so a per-request nonce (which forces
 * every page to render dynamically) is not used: Next's inline bootstrap scripts are allowed with
 * 'unsafe-inline' while everything else is locked to this origin. See docs/decisions.md.
 */
const csp = [
  "default-src 'self'",
  // Razorpay's Checkout script and its frame, used when real keys are set (the sandbox is same-origin).
  `script-src 'self' 'unsafe-inline' https://checkout.razorpay.com${isDev ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  // The offline pages' service worker, public/sw.js (same origin only).
  "worker-src 'self'",
  "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com",
  'frame-src https://www.youtube-nocookie.com https://api.razorpay.com https://checkout.razorpay.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/*
 * What a document needs: the policies below and the CSP apply to pages, the API's answers and anything a
 * browser may open as a document. The build's own files (/_next/static: scripts, stylesheets, fonts) and
 * the site's pictures (/images, and the installed app's /icons) are subresources the browser never obeys
 * them on; sending them there was about 750 bytes of uncompressed header on each of a page's 20 to 30
 * requests (15 to 20 KB a first visit). nosniff stays on everything.
 */
const buildFiles = '_next/static/|images/|icons/|fonts/|stylesheets/';
const documentHeaders = [
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(self), microphone=(), geolocation=(), payment=(self)' },
  { key: 'X-Frame-Options', value: 'DENY' },
  // Production only: a laptop's http://localhost must not be pinned to HTTPS.
  ...(isDev ? [] : [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }]),
];

/*
 * Public pages showing the organisers' content are cached by the server (ISR, revalidated by tag) and may be
 * kept briefly by a CDN or proxy in front: a short s-maxage keeps such a copy near-fresh after an edit.
 * The pages built once per deployment (home, contact, terms, coming soon, and the sign-in forms, whose
 * HTML is the same for everyone) get the same: Next's own header for them is `s-maxage=31536000`, and a
 * proxy or CDN cache that outlives a deployment would go on serving the old build's page, whose stylesheet
 * and scripts the new instances no longer have.
 */
const publicContent = 'public, s-maxage=10, stale-while-revalidate=60';
/*
 * Which paths get each Cache-Control, as one header rule apiece: Next tries every header rule on every
 * request, and twenty rules (one per path) were a few percent of a cached answer's time. Paths are written
 * without their leading slash, as regular expressions ('' is the home page).
 */
const publicContentPaths = [
  '',
  'contact',
  'terms-and-condition',
  'coming',
  'event',
  'event/\\d{1,4}',
  'team',
  'sponsers',
  'pronite',
  'schedule',
  'results',
  'announcements',
  'sitemap\\.xml',
  'login',
  'register',
  'otp',
  'forgot-password',
  'reset-password',
  'unauthorized',
];
/*
 * Pages about one person (their profile, the console, with everything under them) and every page behind the
 * sign-in guard (proxy.ts, lib/roles.ts): never kept by a shared cache. A shared cache does not tell visitors
 * apart by their sign-in cookie, and the guard runs only when a request reaches the app: a copy kept from a
 * signed-in visitor would be served to the signed-out, and a signed-out visitor's redirect to /login to
 * everyone. Next's own header for the static ones (shop, accommodation, payment result) is a year's
 * `s-maxage=31536000`. tests/unit/security-headers.test.ts checks that every guarded page is here.
 */
const privatePaths = [
  'profile',
  'admin',
  'dev',
  'merchandise',
  'merchendise',
  'accomodation',
  'success',
  'failure',
  'event/[^/]+/register',
];

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // A self-contained server in .next/standalone (server.js plus only the files it needs): what a container
  // image or a plain server copies; see docs/deploy.md. `npm start` runs it
  // (scripts/start-standalone.mjs).
  output: 'standalone',
  /*
   * The certificates' PDFs are set in @fontsource's WOFF files, read at run time (lib/server/certificates/
   * fonts.ts), which the tracer cannot see: copied into the standalone server for the routes that render.
   */
  outputFileTracingIncludes: {
    '/api/certificates/[id]/pdf': certificateFonts,
    '/api/admin/certificates/preview': certificateFonts,
    /*
     * The uploads route resizes pictures with sharp (a server-external package by Next's own list). Its
     * native parts are this platform's @img packages: the addon is required by a literal name, but the
     * libvips library it links is not required at all, so the tracer cannot be trusted to copy it.
     */
    '/api/uploads/[id]': ['./node_modules/@img/sharp-*/**/*'],
  },
  /*
   * One cache for every instance: with DATABASE_URL set, pages and cached data live in the PostgreSQL the
   * instances share (a memory layer in front); otherwise, and during the build, in memory. See
   * lib/cache/shared-cache-handler.ts and docs/decisions.md. Next imports the handler by path, outside the
   * app's bundle, so this names its compiled JavaScript, which `npm run build` and `npm run dev` make
   * first (scripts/build-cache-handler.ts).
   */
  cacheHandler: path.join(process.cwd(), 'lib/cache/compiled/shared-cache-handler.mjs'),
  /*
   * Next's image optimiser is never used. Organisers' uploads are resized by their own route
   * (/api/uploads/{id}?w=N, which keeps its variants in memory); lib/content-image.ts is the loader that
   * writes those URLs into each upload's srcset, and every other <Image> (the site's SVGs) says
   * `unoptimized`. A custom loader also makes Next answer /_next/image with a 404: that endpoint would
   * otherwise write its cache under .next/cache, which is read-only on a serverless platform or in a
   * container (an unhandled EACCES on every call) and grows without bound on a plain server. Next still
   * prepares that cache's folder when the endpoint is called, unless the disk cache's size is 0.
   * The srcset widths are the served widths exactly (next/image lists imageSizes and deviceSizes).
   */
  images: {
    loader: 'custom',
    loaderFile: './lib/content-image.ts',
    imageSizes: contentImageWidths.filter((w) => w < 640),
    deviceSizes: contentImageWidths.filter((w) => w >= 640),
    maximumDiskCacheSize: 0,
  },
  /*
   * The stylesheet is the site's own, in each document's head (components/layout/inline-stylesheet.tsx),
   * not Next's: linked, it was a round trip before every first frame on a slow link, and Next's
   * experimental.inlineCss put it in every page twice, once as <style> and once more in the RSC payload
   * React hydrates from (4 KB of /login's document became 43 KB). See docs/performance.md.
   */
  poweredByHeader: false,
  /*
   * No ETag on pages: Next hashes the whole document in JavaScript, character by character, on every
   * answer, a cached one included; that was 18% of a cached page's server time. What it bought is a 304 on
   * a reload instead of the page again (4 to 11 KB gzip). See docs/decisions.md, "Performance".
   */
  generateEtags: false,
  serverExternalPackages: ['@electric-sql/pglite'],
  // Types are checked once, by `npm run typecheck` (tsc --noEmit) in `npm test`, not again inside every build.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    /*
     * The catch-all sources are unnamed groups, not `:path`: when a source has a named parameter, Next
     * treats each header value containing a colon as a template and compiles it with path-to-regexp on
     * every request; the CSP (its URLs, `data:`) cost about 4% of a cached answer's server time that way.
     */
    return [
      { source: '/(.*)', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
      { source: `/((?!${buildFiles}).*)`, headers: documentHeaders },
      {
        // Not on stored files: a header set here wins over the route's own, and /api/uploads/{id} sends a
        // stricter policy of its own ("default-src 'none'; sandbox") that must reach the browser.
        source: `/((?!api/uploads/|${buildFiles}).*)`,
        headers: [{ key: 'Content-Security-Policy', value: csp }],
      },
      {
        source: `/(${publicContentPaths.join('|')})`,
        headers: [{ key: 'Cache-Control', value: publicContent }],
      },
      {
        source: `/((?:${privatePaths.join('|')})(?:/.*)?)`,
        headers: [{ key: 'Cache-Control', value: 'private, no-store' }],
      },
      {
        // The display face and the whole stylesheet, each named by its bytes (scripts/build-stylesheet.ts):
        // a new file is a new URL.
        source: '/(fonts|stylesheets)/(.*)',
        headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
      },
      {
        // The service worker: browsers must ask for it again on each check, so a new version (or a fix)
        // reaches phones at once rather than after an HTTP cache expiry.
        source: '/sw.js',
        headers: [
          { key: 'Content-Type', value: 'text/javascript; charset=utf-8' },
          { key: 'Cache-Control', value: 'no-cache' },
        ],
      },
    ];
  },
};

export default nextConfig;

import fs from 'node:fs';
import path from 'node:path';
import { routeMatcher as patternMatcher } from '@/lib/route-matcher';

/**
 * A request's route as a bounded label: the pattern Next routed it by (`/api/my-profile/[id]`), never the
 * address itself, which carries ids and, in a query, e-mails. The patterns come from the build's routes
 * manifest, so every page and API route is known by the name its folder has, and matched by the site's
 * one rule for which route a path is (lib/route-matcher.ts).
 */

interface RoutesManifest {
  staticRoutes?: { page: string }[];
  dynamicRoutes?: { page: string }[];
}

export type RouteOf = (pathname: string) => string;

/** Labels for what is not a route of the app. */
export const otherRoutes = {
  buildFile: '/_next/static',
  nextInternal: '/_next',
  publicFile: 'public file',
  unmatched: 'unmatched',
} as const;

/** A matcher from a routes manifest (exported for tests). */
export function routeMatcher(manifest: RoutesManifest): RouteOf {
  const pageOf = patternMatcher([
    ...(manifest.staticRoutes ?? []).map((route) => route.page),
    ...(manifest.dynamicRoutes ?? []).map((route) => route.page),
  ]);
  return (pathname) => {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (trimmed.startsWith('/_next/static/')) return otherRoutes.buildFile;
    if (trimmed === '/_next/image') return trimmed;
    if (trimmed.startsWith('/_next/')) return otherRoutes.nextInternal;
    const page = pageOf(trimmed);
    if (page !== undefined) return page;
    // A file of public/ (a picture, a rulebook, the service worker): by what it is, not by its name.
    if (/\.[a-z0-9]{1,8}$/i.test(trimmed)) return otherRoutes.publicFile;
    return otherRoutes.unmatched;
  };
}

/**
 * The build's manifest: `.next/` in the server's folder (standalone) or the checkout (`next start`, dev).
 * The read is marked for the bundler to leave alone: traced, a read of a path it cannot tell made it copy
 * the whole project (sources, tests, docs) into the standalone server and into every function.
 */
function readManifest(): RoutesManifest {
  for (const file of [
    path.join(process.cwd(), '.next', 'routes-manifest.json'),
    path.join(process.cwd(), '.next', 'dev', 'routes-manifest.json'),
  ]) {
    try {
      return JSON.parse(fs.readFileSync(/* turbopackIgnore: true */ file, 'utf8')) as RoutesManifest;
    } catch {
      // not this one
    }
  }
  return {};
}

let matcher: RouteOf | undefined;

/** The route pattern of a path, by this build's manifest (read once). */
export function routeOf(pathname: string): string {
  matcher ??= routeMatcher(readManifest());
  return matcher(pathname);
}

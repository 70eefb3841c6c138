import 'server-only';
import { routeMatcher } from '@/lib/route-matcher';
import { stylesheetGlobal, type StylesheetForPath } from './stylesheet-global';
import { routeStylesheets, siteStylesheet } from './compiled/site-stylesheet';

const routeOf = routeMatcher(Object.keys(routeStylesheets.routes));

/**
 * The stylesheet a page's document carries: its route's own (scripts/build-stylesheet.ts), or the whole
 * sheet for a path that is no route (a 404 page, whose screen any path can show).
 */
export const stylesheetFor: StylesheetForPath = (pathname) => {
  const route = routeOf(pathname);
  const index = route === undefined ? undefined : routeStylesheets.routes[route];
  return index === undefined ? siteStylesheet : (routeStylesheets.texts[index] ?? siteStylesheet);
};

/**
 * Hands the choice to the server's render of components/layout/inline-stylesheet.tsx, without a prop: a
 * prop would put the text into the RSC payload. The root layout imports this module, so the global is set
 * before any page renders in this process.
 */
(globalThis as Record<string, unknown>)[stylesheetGlobal] = stylesheetFor;

export { siteStylesheet };

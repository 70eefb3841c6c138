// Each route's own stylesheet: app/globals.css compiled with only the files the route can render as
// Tailwind's sources (./route-sources.ts), so that a page's document carries the rules it can use and not
// the whole site's (/login's are under half of them).
import path from 'node:path';
import { findRoutes } from './route-sources';

/** The texts once each (routes that render the same classes share one), and each route's index among them. */
export interface RouteStylesheets {
  texts: string[];
  routes: Record<string, number>;
}

/** Compiles, one after the other, every route's stylesheet with `compile` (given the route's files). */
export async function compileRouteStylesheets(
  root: string,
  compile: (files: string[]) => Promise<string>,
): Promise<RouteStylesheets> {
  const texts: string[] = [];
  const indexOf = new Map<string, number>();
  const routes: Record<string, number> = {};
  for (const route of findRoutes(path.join(root, 'app'), root)) {
    const text = await compile(route.files);
    let index = indexOf.get(text);
    if (index === undefined) {
      index = texts.push(text) - 1;
      indexOf.set(text, index);
    }
    routes[route.pattern] = index;
  }
  return { texts, routes };
}

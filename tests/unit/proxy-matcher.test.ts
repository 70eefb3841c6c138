import fs from 'node:fs';
import path from 'node:path';
import { unstable_doesMiddlewareMatch as proxyRuns } from 'next/experimental/testing/server';
import { describe, expect, it } from 'vitest';
import { apiRolesFor, rolesForPath } from '@/lib/roles';
import { config } from '@/proxy';

/** Every file named `name` under `dir`: its URL path (each dynamic segment `1`) and its source. */
function routesUnder(dir: string, name: string): { url: string; source: string }[] {
  const found: { route: string; source: string }[] = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === name) {
        found.push({
          route: path.relative('app', path.dirname(full)),
          source: fs.readFileSync(full, 'utf8'),
        });
      }
    }
  };
  walk(dir);
  return found.map(({ route, source }) => ({
    url:
      '/' +
      route
        .split(path.sep)
        .filter((segment) => segment && !/^\(.*\)$/.test(segment))
        .map((segment) => (/^\[.*\]$/.test(segment) ? '1' : segment))
        .join('/'),
    source,
  }));
}

/** The HTTP methods a route file exports handlers for. */
const methodsOf = (source: string) =>
  [...source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g)].map(
    (match) => match[1]!,
  );

const pages = routesUnder('app', 'page.tsx').map((page) => page.url);
const consoleApi = routesUnder(path.join('app', 'api', 'admin'), 'route.ts');
const runs = (url: string) => proxyRuns({ config, url });

describe('proxy.ts runs where a guard is and nowhere else', () => {
  it('finds the pages and console routes it checks', () => {
    expect(pages).toContain('/event/1/register');
    expect(pages).toContain('/admin/people');
    expect(consoleApi.map((route) => route.url)).toContain('/api/admin/getSponsors');
    expect(consoleApi.every((route) => methodsOf(route.source).length > 0)).toBe(true);
    expect(consoleApi.length).toBeGreaterThan(20);
  });

  it('runs on every page lib/roles.ts guards, and on none it leaves open', () => {
    for (const page of pages) {
      expect({ page, runs: runs(page) }).toEqual({ page, runs: rolesForPath(page) !== null });
    }
  });

  it('runs on every console route with a role, and not on the four public reads', () => {
    for (const { url, source } of consoleApi) {
      const guarded = methodsOf(source).some((method) => apiRolesFor(method, url) !== null);
      expect({ url, runs: runs(url) }).toEqual({ url, runs: guarded });
    }
  });

  it('leaves static files, public reads and the rest of the API alone', () => {
    for (const url of ['/_next/static/chunks/app.js', '/images/logo.png', '/sitemap.xml', '/api/login']) {
      expect({ url, runs: runs(url) }).toEqual({ url, runs: false });
    }
    expect(runs('/admin/content/events?tab=2')).toBe(true);
    expect(runs('/api/admin/getSponsorsAndMore')).toBe(true);
  });
});

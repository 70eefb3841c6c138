import fs from 'node:fs';
import path from 'node:path';
import { routeSchemas, type RouteSchemas } from '@/lib/server/http/handler';

/**
 * Every route handler of the app, found by walking app/api and app/sandbox, so a new route is fuzzed
 * without anyone remembering to list it.
 */

export type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

export interface Route {
  /** The URL pattern, e.g. /api/admin/event/[id]. */
  pattern: string;
  method: string;
  handler: RouteHandler;
  /** Undefined for a handler written without apiRoute (health, the sandbox). */
  schemas: RouteSchemas | undefined;
  /** Dynamic segments in order; a catch-all ([...path]) takes a list. */
  params: { name: string; catchAll: boolean }[];
}

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const root = path.resolve(import.meta.dirname, '../..');

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

export async function discoverRoutes(): Promise<Route[]> {
  const files = ['app/api', 'app/sandbox'].flatMap((dir) => routeFiles(path.join(root, dir))).sort();
  const routes: Route[] = [];
  for (const file of files) {
    const pattern = `/${path.relative(path.join(root, 'app'), path.dirname(file)).split(path.sep).join('/')}`;
    const params = [...pattern.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)].map((m) => ({
      name: m[2] as string,
      catchAll: m[1] !== undefined,
    }));
    const exports = (await import(file)) as Record<string, unknown>;
    for (const method of methods) {
      const handler = exports[method];
      if (typeof handler !== 'function') continue;
      routes.push({
        pattern,
        method,
        handler: handler as RouteHandler,
        schemas: routeSchemas(handler),
        params,
      });
    }
  }
  return routes;
}

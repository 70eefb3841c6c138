import http from 'node:http';

/**
 * Work done on every request before Next sees it, for every HTTP server of this process (Next's included,
 * even one already listening: the server prototype's `emit` is wrapped, once). Route handlers only see a
 * Web Request, never the socket or the moment the request arrived, and Next answers nothing at all until
 * its start (instrumentation.ts) is over: the client's address (peer-address.ts), the request metrics
 * (lib/server/metrics/http-requests.ts) and the answers given while the server starts (starting-gate.ts)
 * are hooks here.
 *
 * A hook answers true when it has answered the request itself: Next then never sees it. Hooks run in the
 * order they were added. No 'server-only' import: instrumentation.ts loads this module.
 */
export type RequestHook = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

interface HookState {
  hooks: Map<string, RequestHook>;
  installed: boolean;
}

const key = Symbol.for('festival.requestHooks');
const holder = globalThis as typeof globalThis & { [key]?: HookState };

function state(): HookState {
  holder[key] ??= { hooks: new Map(), installed: false };
  return holder[key];
}

/** Runs the hooks on one request; true when one of them answered it (exported for tests). */
export function runRequestHooks(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  for (const hook of state().hooks.values()) if (hook(request, response)) return true;
  return false;
}

/** Adds a hook under a name; adding the same name again does nothing (Next may load a module twice). */
export function addRequestHook(name: string, hook: RequestHook): void {
  const current = state();
  if (!current.hooks.has(name)) current.hooks.set(name, hook);
  if (current.installed) return;
  current.installed = true;
  const emit = http.Server.prototype.emit as (
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ) => boolean;
  http.Server.prototype.emit = function emitWithHooks(
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ) {
    if (
      event === 'request' &&
      args[0] instanceof http.IncomingMessage &&
      args[1] instanceof http.ServerResponse &&
      runRequestHooks(args[0], args[1])
    ) {
      return true;
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
}

/** Whether a hook of this name is in place (false in tests and scripts that did not add it). */
export function hasRequestHook(name: string): boolean {
  return state().hooks.has(name);
}

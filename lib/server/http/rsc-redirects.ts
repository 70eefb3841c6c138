import http from 'node:http';

/**
 * Redirects answering the App Router's own requests (those with an `RSC` header) are never kept by a
 * shared cache.
 *
 * Next checks the `_rsc` search parameter of every RSC request against a hash of its router headers
 * (Next-Router-State-Tree, Next-Router-Prefetch, Next-Router-Segment-Prefetch, Next-Url) and answers one
 * whose hash is missing or wrong with a 307 to the address with the right one. That answer has no Vary
 * and takes whatever Cache-Control next.config.ts gives its path, `public, s-maxage=10, ...` on the public
 * pages: a cache that keys on the address (a CDN that ignores Vary, or a proxy whose key leaves out a
 * router header) could keep one visitor's redirect and send everyone else asking for that address after
 * it, to an address made for other headers and back again. next.config.ts cannot tell these answers
 * apart (the hash is Next's, checked while it answers), so the header is changed as the answer is
 * written: any redirect to a request with an RSC header is sent `private, no-store`. The router itself
 * always sends the right hash, so such redirects are rare and nothing worth keeping is lost; the
 * router's other answers (the pages' RSC payloads, which carry Vary) keep their Cache-Control.
 *
 * No 'server-only' import: instrumentation.ts loads this module, and it has nothing a browser could use.
 */
export const rscRedirectCacheControl = 'private, no-store';

const installed = Symbol.for('festival.privateRscRedirects');

type Headers = http.OutgoingHttpHeaders | http.OutgoingHttpHeader[];

const isCacheControl = (name: unknown) => String(name).toLowerCase() === 'cache-control';

/** Headers handed to writeHead itself, less any Cache-Control (they would win over setHeader's). */
function withoutCacheControl(headers: Headers): Headers {
  if (!Array.isArray(headers)) {
    return Object.fromEntries(Object.entries(headers).filter(([name]) => !isCacheControl(name)));
  }
  // Node's other form: names and values in one flat list.
  return headers.filter((_, i) => !isCacheControl(headers[i - (i % 2)]));
}

/** Whether an answer with this status to this request redirects one of the App Router's own requests. */
function isRscRedirect(statusCode: number, request: http.IncomingMessage | undefined): boolean {
  return statusCode >= 300 && statusCode < 400 && request?.headers.rsc !== undefined;
}

/**
 * Wraps `writeHead` of every response of this process (Next's included): called once from
 * instrumentation.ts; calling again does nothing. `target` is http.ServerResponse, or a subclass of it in
 * the tests, which leaves the process's own as it was.
 */
export function installPrivateRscRedirects(
  target: { prototype: http.ServerResponse } = http.ServerResponse,
): void {
  const prototype = target.prototype as http.ServerResponse & { [installed]?: true };
  if (Object.prototype.hasOwnProperty.call(prototype, installed)) return;
  const writeHead = prototype.writeHead as (
    this: http.ServerResponse,
    statusCode: number,
    ...rest: unknown[]
  ) => http.ServerResponse;
  Object.defineProperty(prototype, 'writeHead', {
    value: function writeHeadPrivatelyWhenRscRedirect(
      this: http.ServerResponse,
      statusCode: number,
      ...rest: unknown[]
    ) {
      if (!isRscRedirect(statusCode, this.req)) return writeHead.call(this, statusCode, ...rest);
      this.setHeader('Cache-Control', rscRedirectCacheControl);
      const args = rest.map((arg) =>
        arg !== null && typeof arg === 'object' ? withoutCacheControl(arg as Headers) : arg,
      );
      return writeHead.call(this, statusCode, ...args);
    },
    writable: true,
    configurable: true,
  });
  Object.defineProperty(prototype, installed, { value: true });
}

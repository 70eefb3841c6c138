import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPrivateRscRedirects, rscRedirectCacheControl } from '@/lib/server/http/rsc-redirects';

const publicContent = 'public, s-maxage=10, stale-while-revalidate=60';

/** Responses of the test's own server only: the process's http.ServerResponse is left as it was. */
class Response extends http.ServerResponse {}
const processWriteHead = http.ServerResponse.prototype.writeHead;

/*
 * The server answers as the path says: `/next` as Next sends its redirect for an RSC request without the
 * right `_rsc` (status, then headers one by one, then end), `/object` and `/list` with the headers handed
 * to writeHead, `/page` with a 200. Each carries the public pages' Cache-Control, as next.config.ts sets it.
 */
const server = http.createServer({ ServerResponse: Response }, (request, response) => {
  const location = '/event/1?_rsc=abc';
  switch (request.url) {
    case '/next':
      response.setHeader('Cache-Control', publicContent);
      response.statusCode = 307;
      response.setHeader('location', location);
      response.end('');
      return;
    case '/object':
      response.writeHead(307, 'Temporary Redirect', { 'cache-control': publicContent, location });
      response.end();
      return;
    case '/list':
      response.writeHead(308, ['Cache-Control', publicContent, 'Location', location]);
      response.end();
      return;
    default:
      response.setHeader('Cache-Control', publicContent);
      response.end('payload');
  }
});

let port = 0;
beforeAll(async () => {
  installPrivateRscRedirects(Response);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer));
      })
      .on('error', reject);
  });
}

describe('redirects answering RSC requests', () => {
  it('are private, no-store however they are written, whatever Cache-Control the path had', async () => {
    for (const path of ['/next', '/object', '/list']) {
      for (const rsc of ['1', '0', '']) {
        const answer = await get(path, { rsc });
        expect(answer.statusCode, path).toBe(path === '/list' ? 308 : 307);
        expect(answer.headers['cache-control'], `${path} rsc=${rsc}`).toBe(rscRedirectCacheControl);
        expect(answer.headers.location).toBe('/event/1?_rsc=abc');
      }
    }
  });

  it('leave redirects of other requests, and RSC answers that are not redirects, as they were', async () => {
    for (const path of ['/next', '/object', '/list']) {
      expect((await get(path)).headers['cache-control'], path).toBe(publicContent);
    }
    const payload = await get('/page', { rsc: '1' });
    expect(payload.statusCode).toBe(200);
    expect(payload.headers['cache-control']).toBe(publicContent);
  });

  it('are wrapped once however often it is installed, and only on the class given', () => {
    const wrapped = Response.prototype.writeHead;
    installPrivateRscRedirects(Response);
    expect(Response.prototype.writeHead).toBe(wrapped);
    expect(wrapped).not.toBe(processWriteHead);
    expect(http.ServerResponse.prototype.writeHead).toBe(processWriteHead);
  });
});

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  NEXT_ROUTER_PREFETCH_HEADER,
  NEXT_ROUTER_SEGMENT_PREFETCH_HEADER,
  NEXT_ROUTER_STATE_TREE_HEADER,
  NEXT_URL,
  RSC_HEADER,
} from 'next/dist/client/components/app-router-headers';
import { describe, expect, it } from 'vitest';
import { databaseUnavailableMessage } from '@/lib/server/http/handler';
import {
  exampleConfig,
  exampleConfigPath,
  findNginx,
  renderNginxConfig,
  templatePath,
} from '../../scripts/cluster-lib';

const template = fs.readFileSync(templatePath, 'utf8');

/*
 * The headers Next answers an RSC request by: its `_rsc` search parameter is a hash of the last four, and a
 * request whose hash is missing or wrong is redirected (307) to the address with the right one, an answer
 * that carries no Vary. A cache that keys on fewer of them could hand one visitor's answer to another.
 */
const routerHeaders = [
  RSC_HEADER,
  NEXT_ROUTER_PREFETCH_HEADER,
  NEXT_ROUTER_SEGMENT_PREFETCH_HEADER,
  NEXT_ROUTER_STATE_TREE_HEADER,
  NEXT_URL,
];

/** A free TCP port on 127.0.0.1 (free when asked; nothing holds it afterwards). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** One GET without following redirects: status, Location and what nginx's cache did. */
function get(port: number, headers: Record<string, string>) {
  return new Promise<{ status: number; location?: string; cache?: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/event/1', headers }, (answer) => {
        answer.resume();
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            location: answer.headers.location,
            cache: answer.headers['x-cache-status'] as string | undefined,
          }),
        );
      })
      .on('error', reject);
  });
}

/** nginx with the cluster's configuration in front of `instancePorts`, in a prefix of its own; once it answers. */
async function startNginx(instancePorts: number[]) {
  const port = await freePort();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-nginx-test-'));
  fs.chmodSync(prefix, 0o755);
  for (const dir of ['logs', 'tmp', 'cache']) fs.mkdirSync(path.join(prefix, dir));
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    conf,
    renderNginxConfig(template, {
      proxyPort: port,
      instancePorts,
      user: process.getuid?.() === 0 ? 'nobody nogroup' : undefined,
    }),
  );
  const nginx = spawn(
    findNginx()!,
    ['-p', `${prefix}/`, '-c', conf, '-e', path.join(prefix, 'logs', 'error.log')],
    {
      stdio: 'ignore',
    },
  );
  const until = Date.now() + 10_000;
  while (
    Date.now() < until &&
    !(await fetch(`http://127.0.0.1:${port}/robots.txt`, { redirect: 'manual' }).catch(() => null))
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    async stop() {
      nginx.kill('SIGQUIT');
      await new Promise((resolve) => nginx.once('exit', resolve));
      fs.rmSync(prefix, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

describe('the nginx configuration of the cluster (deploy/nginx)', () => {
  it('festival.conf is the template filled in for two instances', () => {
    expect(fs.readFileSync(exampleConfigPath, 'utf8')).toBe(exampleConfig(template));
  });

  it('fills every placeholder: one upstream server per instance, the port, a user line only when asked', () => {
    const config = renderNginxConfig(template, { proxyPort: 8123, instancePorts: [4001, 4002, 4003] });
    expect(config).not.toMatch(/@[A-Z_]+@/);
    expect(config.match(/^\s+server 127\.0\.0\.1:400\d /gm)).toHaveLength(3);
    expect(config).toContain('listen 127.0.0.1:8123;');
    expect(config).not.toMatch(/^user /m);
    const asRoot = renderNginxConfig(template, {
      proxyPort: 8123,
      instancePorts: [4001],
      user: 'nobody nogroup',
    });
    expect(asRoot).toMatch(/^user nobody nogroup;$/m);
  });

  it('lets the app decide what is cached and passes the client address on', () => {
    expect(template).not.toMatch(/^\s*proxy_cache_valid/m);
    expect(template).not.toMatch(/proxy_ignore_headers/);
    for (const directive of [
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      'proxy_cache_bypass $http_authorization $festival_skip_cache;',
      'proxy_no_cache $http_authorization $festival_skip_cache;',
      'proxy_cache_background_update on;',
      'proxy_cache_lock on;',
      'client_max_body_size 6m;',
      'gzip on;',
    ]) {
      expect(template).toContain(directive);
    }
    expect(template).toMatch(/proxy_cache_use_stale [^;]*\bupdating\b/);
  });

  it("keys the page cache on every header Next's RSC answers depend on, each in a field of its own", () => {
    const key = template.match(/^\s*proxy_cache_key (.+);$/m)?.[1] ?? '';
    expect(key).toContain('$request_uri');
    // Each in a labelled field: side by side, an empty header and a set one could trade places ("1" + "").
    for (const header of routerHeaders) {
      expect(key).toMatch(new RegExp(` [a-z]+=\\$http_${header.replaceAll('-', '_')}(?![a-z_])`));
    }
    expect(key).toMatch(/ [a-z]+=\$festival_upstream_encoding\b/);
  });

  it.skipIf(!findNginx())(
    "never serves one visitor's RSC redirect to a request with other router headers",
    async () => {
      // An upstream that answers as Next's 307 for an RSC request did: public, no Vary, its Location
      // depending on the router headers.
      const upstream = http.createServer((request, response) => {
        const seen = routerHeaders.map((header) => request.headers[header] ?? '');
        response.writeHead(307, {
          location: `/event/1?seen=${encodeURIComponent(JSON.stringify(seen))}`,
          'cache-control': 'public, s-maxage=60',
        });
        response.end();
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      const upstreamPort = (upstream.address() as net.AddressInfo).port;
      const proxy = await startNginx([upstreamPort]);
      const proxyPort = proxy.port;
      try {
        const tree = '%5B%22%22%2C%7B%22children%22%3A%5B%22event%22%5D%7D%5D';
        const variants: Record<string, string>[] = [
          { rsc: '1', [NEXT_ROUTER_STATE_TREE_HEADER]: tree },
          { rsc: '1', [NEXT_ROUTER_STATE_TREE_HEADER]: `${tree}x` },
          { rsc: '1', [NEXT_ROUTER_STATE_TREE_HEADER]: tree, [NEXT_URL]: '/event' },
          {
            rsc: '1',
            [NEXT_ROUTER_STATE_TREE_HEADER]: tree,
            [NEXT_ROUTER_SEGMENT_PREFETCH_HEADER]: '/_tree',
          },
          { rsc: '1' },
          { [NEXT_ROUTER_PREFETCH_HEADER]: '1' },
        ];
        for (const headers of variants) {
          const answer = await get(proxyPort, headers);
          expect(answer.status).toBe(307);
          const seen = new URL(answer.location ?? '', 'http://localhost').searchParams.get('seen');
          expect(JSON.parse(seen ?? '[]')).toEqual(routerHeaders.map((header) => headers[header] ?? ''));
        }
        // The answers are kept all the same: each is the one its own request gets again.
        expect((await get(proxyPort, variants[0]!)).cache).toBe('HIT');
      } finally {
        await proxy.stop();
        await new Promise((resolve) => upstream.close(resolve));
      }
    },
  );

  it.skipIf(!findNginx())(
    'answers 503 with Retry-After, never its own 502, when no instance can take a request',
    async () => {
      // One instance answers every request 503 as a database failover makes them all do; the other is down.
      let answered = 0;
      const upstream = http.createServer((_request, response) => {
        answered += 1;
        response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
        response.end('{"message":"The site is very busy right now. Please try again in a few seconds."}');
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      const busyPort = (upstream.address() as net.AddressInfo).port;
      const proxy = await startNginx([busyPort, await freePort()]);
      try {
        // Enough requests to take both instances out of the rotation (max_fails), POSTs and GETs alike.
        for (let i = 0; i < 12; i += 1) {
          const answer = await fetch(`http://127.0.0.1:${proxy.port}/api/login`, {
            method: i % 2 === 0 ? 'POST' : 'GET',
          });
          expect(answer.status, `request ${i}`).toBe(503);
          expect(answer.headers.get('retry-after'), `request ${i}`).toBe('5');
          // nginx's own answer says what the instances say (its configuration cannot import the sentence).
          expect(((await answer.json()) as { message: string }).message).toBe(databaseUnavailableMessage);
        }
        expect(answered).toBeGreaterThan(0);
        // The metrics are never handed out through the proxy.
        const metrics = await fetch(`http://127.0.0.1:${proxy.port}/api/metrics`, {
          headers: { authorization: 'Bearer anything' },
        });
        expect(metrics.status).toBe(404);
      } finally {
        await proxy.stop();
        await new Promise((resolve) => upstream.close(resolve));
      }
    },
  );

  it.skipIf(!findNginx())('is accepted by nginx -t with every path inside the prefix', () => {
    const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-nginx-test-'));
    try {
      fs.chmodSync(prefix, 0o755);
      for (const dir of ['logs', 'tmp', 'cache']) fs.mkdirSync(path.join(prefix, dir));
      const conf = path.join(prefix, 'nginx.conf');
      const root = process.getuid?.() === 0;
      fs.writeFileSync(
        conf,
        renderNginxConfig(template, {
          proxyPort: 8599,
          instancePorts: [3598, 3599],
          user: root ? 'nobody nogroup' : undefined,
        }),
      );
      const check = spawnSync(
        findNginx()!,
        ['-t', '-q', '-p', `${prefix}/`, '-c', conf, '-e', path.join(prefix, 'logs', 'error.log')],
        { encoding: 'utf8' },
      );
      expect(check.status, check.stderr).toBe(0);
    } finally {
      fs.rmSync(prefix, { recursive: true, force: true });
    }
  });
});

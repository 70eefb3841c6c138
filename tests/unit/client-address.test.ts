import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIp, forwardedAddress } from '@/lib/server/http/handler';
import {
  installPeerAddress,
  normaliseAddress,
  peerHeaderName,
  stampPeerAddress,
} from '@/lib/server/http/peer-address';

function request(headers: Record<string, string>): Request {
  return new Request('http://localhost/api/x', { headers });
}

describe('the X-Forwarded-For rule: the Nth address from the right', () => {
  it('takes the entry the trusted proxy wrote, ignoring what the client put before it', () => {
    // The client sent "1.1.1.1, 2.2.2.2"; nginx appended the address it saw.
    const forwarded = '1.1.1.1, 2.2.2.2, 203.0.113.9';
    expect(forwardedAddress(forwarded, 1)).toBe('203.0.113.9');
    expect(forwardedAddress(forwarded, 2)).toBe('2.2.2.2');
    expect(forwardedAddress(forwarded, 3)).toBe('1.1.1.1');
  });

  it('takes the leftmost entry when there are fewer than N', () => {
    expect(forwardedAddress('203.0.113.9', 2)).toBe('203.0.113.9');
    expect(forwardedAddress('198.51.100.1, 203.0.113.9', 5)).toBe('198.51.100.1');
  });

  it('skips empty entries and refuses anything that is not an address', () => {
    expect(forwardedAddress(null, 1)).toBeNull();
    expect(forwardedAddress('', 1)).toBeNull();
    expect(forwardedAddress(' , ,', 1)).toBeNull();
    expect(forwardedAddress('1.1.1.1,, 203.0.113.9 ,', 1)).toBe('203.0.113.9');
    expect(forwardedAddress('203.0.113.9, not-an-address', 1)).toBeNull();
    expect(forwardedAddress("1' or '1'='1", 1)).toBeNull();
    expect(forwardedAddress('999.1.1.1', 1)).toBeNull();
  });

  it('writes addresses one way: IPv4-mapped IPv6 and ports removed, IPv6 in lower case', () => {
    expect(normaliseAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normaliseAddress('203.0.113.9:51234')).toBe('203.0.113.9');
    expect(normaliseAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normaliseAddress('2001:DB8::1')).toBe('2001:db8::1');
    expect(normaliseAddress('unknown')).toBeNull();
  });
});

describe('clientIp', () => {
  const peer = () => peerHeaderName();

  it('with no trusted proxy, reads the socket address start-up stamped and ignores X-Forwarded-For', () => {
    const sent = request({ 'x-forwarded-for': '1.2.3.4', [peer()]: '198.51.100.20' });
    expect(clientIp(sent, 0)).toBe('198.51.100.20');
    expect(clientIp(request({ 'x-forwarded-for': '1.2.3.4' }), 0)).toBe('unknown');
  });

  it('behind proxies, counts back in X-Forwarded-For; a spoofed left part changes nothing', () => {
    for (const spoofed of ['', '9.9.9.9, ', '10.0.0.1, 10.0.0.2, ']) {
      const sent = request({ 'x-forwarded-for': `${spoofed}203.0.113.9, 10.0.0.254`, [peer()]: '10.0.0.1' });
      expect(clientIp(sent, 1)).toBe('10.0.0.254');
      expect(clientIp(sent, 2)).toBe('203.0.113.9');
    }
  });

  it('behind proxies without a usable X-Forwarded-For, falls back to the socket address', () => {
    expect(clientIp(request({ [peer()]: '10.0.0.1' }), 1)).toBe('10.0.0.1');
    expect(clientIp(request({ 'x-forwarded-for': 'garbage', [peer()]: '10.0.0.1' }), 1)).toBe('10.0.0.1');
    expect(clientIp(request({}), 1)).toBe('unknown');
  });

  it('reads TRUSTED_PROXY_HOPS when not told (the tests run as behind one proxy)', () => {
    expect(clientIp(request({ 'x-forwarded-for': '9.9.9.9, 203.0.113.9' }))).toBe('203.0.113.9');
  });
});

describe('the socket address stamp', () => {
  let server: http.Server;
  let port = 0;

  beforeAll(async () => {
    installPeerAddress();
    installPeerAddress(); // a second call does nothing
    server = http.createServer((req, res) => {
      res.end(JSON.stringify({ peer: req.headers[peerHeaderName()] ?? null }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts the socket address on every request, whatever the client wrote', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { 'x-forwarded-for': '6.6.6.6', [peerHeaderName()]: '6.6.6.6' },
    });
    expect(await answer.json()).toEqual({ peer: '127.0.0.1' });
  });

  it('uses a header name no client can know in advance, and drops a copy sent under it', () => {
    expect(peerHeaderName()).toMatch(/^x-peer-[0-9a-f]{24}$/);
    const forged = {
      headers: { [peerHeaderName()]: '6.6.6.6' },
      socket: {},
    } as unknown as http.IncomingMessage;
    stampPeerAddress(forged);
    expect(forged.headers[peerHeaderName()]).toBeUndefined();
  });
});

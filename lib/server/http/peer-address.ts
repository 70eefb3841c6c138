import crypto from 'node:crypto';
import type http from 'node:http';
import net from 'node:net';
import { addRequestHook, hasRequestHook } from './request-hooks';

const peerHook = 'peer-address';

/**
 * The address of the machine at the other end of the connection, handed to route handlers.
 *
 * Route handlers only see a Web Request, never the socket, and `next start` keeps an X-Forwarded-For the
 * client sent as it is (it only fills it in when absent), so that header alone cannot be trusted. At
 * start-up a request hook (request-hooks.ts) writes the socket's address into a request
 * header whose name is random per process, and any copy a client sent under that name is dropped first.
 * A client cannot guess the name, so it cannot forge the value. `clientIp` (handler.ts) reads it.
 *
 * No 'server-only' import: instrumentation.ts loads this module, and it has nothing a browser could use.
 */

interface PeerState {
  header: string;
}

const key = Symbol.for('festival.peerAddress');
const holder = globalThis as typeof globalThis & { [key]?: PeerState };

/** The per-process state, kept on globalThis because Next may load a module once per route bundle. */
function state(): PeerState {
  holder[key] ??= { header: `x-peer-${crypto.randomBytes(12).toString('hex')}` };
  return holder[key];
}

/** The name of the header carrying the socket's address (random, lower case). */
export function peerHeaderName(): string {
  return state().header;
}

/** Whether the server's requests carry the socket's address (false in tests and scripts). */
export function peerAddressInstalled(): boolean {
  return hasRequestHook(peerHook);
}

/** An address as written: '::ffff:' IPv4-mapped IPv6 shortened to IPv4, anything not an IP refused. */
export function normaliseAddress(value: string | undefined | null): string | null {
  if (!value) return null;
  let address = value.trim();
  // '[2001:db8::1]:443' and '203.0.113.7:51234' (some proxies add the port).
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  if (address.toLowerCase().startsWith('::ffff:') && net.isIPv4(address.slice(7))) address = address.slice(7);
  return net.isIP(address) ? address.toLowerCase() : null;
}

/** Stamps the socket's address on one incoming request (exported for tests). */
export function stampPeerAddress(request: http.IncomingMessage): void {
  const header = state().header;
  delete request.headers[header];
  const address = normaliseAddress(request.socket?.remoteAddress);
  if (address) request.headers[header] = address;
}

/**
 * Installs the stamp for every HTTP server of this process (request-hooks.ts). Called once from
 * instrumentation.ts; calling again does nothing.
 */
export function installPeerAddress(): void {
  addRequestHook(peerHook, (request) => {
    stampPeerAddress(request);
    return false;
  });
}

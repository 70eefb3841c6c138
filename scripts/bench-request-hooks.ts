// npm run bench:hooks: what the hooks every request passes through before Next cost (the request metrics,
// the client address, the starting gate: lib/server/http/request-hooks.ts). A bare Node HTTP server that
// answers a few bytes is loaded with autocannon with the hooks off and on, alternately, in one process:
// the difference in time per request is their cost, against a page that costs about a millisecond.
//
//   npm run bench:hooks [-- --duration=S (5) --runs=N (3) --connections=N (50)]
//
// The hooks are installed on the server prototype for the process's life, so "off" is measured through a
// server whose emit skips them (the prototype's own, saved before they were installed).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { installPeerAddress } from '@/lib/server/http/peer-address';
import { addRequestHook } from '@/lib/server/http/request-hooks';
import { gateWhileStarting } from '@/lib/server/http/starting-gate';
import { installRequestMetrics } from '@/lib/server/metrics/http-requests';
import { markStarted } from '@/lib/server/readiness';
import { optionOf } from './bench-context';

const args = process.argv.slice(2);
const duration = Number(optionOf(args, 'duration') ?? 5);
const runs = Number(optionOf(args, 'runs') ?? 3);
const connections = Number(optionOf(args, 'connections') ?? 50);

const bareEmit = http.Server.prototype.emit;
installPeerAddress();
installRequestMetrics();
addRequestHook('starting-gate', gateWhileStarting); // as a production server has it
markStarted();

function serve(withHooks: boolean): Promise<http.Server> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('ok');
  });
  if (!withHooks) server.emit = bareEmit as typeof server.emit;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function load(withHooks: boolean): Promise<number> {
  const server = await serve(withHooks);
  const { port } = server.address() as AddressInfo;
  const result = await autocannon({ url: `http://127.0.0.1:${port}/event/1`, connections, duration });
  await new Promise((resolve) => server.close(resolve));
  return result.requests.average;
}

const off: number[] = [];
const on: number[] = [];
await load(true); // warm-up: the hooks' code and the route manifest are loaded
for (let i = 0; i < runs; i += 1) {
  off.push(await load(false));
  on.push(await load(true));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const microseconds = (rate: number) => 1e6 / rate;
console.log(`hooks off: ${off.map(Math.round).join(', ')} req/s (median ${Math.round(median(off))})`);
console.log(`hooks on:  ${on.map(Math.round).join(', ')} req/s (median ${Math.round(median(on))})`);
console.log(
  `time per request: ${microseconds(median(off)).toFixed(1)} µs off, ${microseconds(median(on)).toFixed(1)} µs on: ` +
    `the hooks cost ${(microseconds(median(on)) - microseconds(median(off))).toFixed(1)} µs a request ` +
    `(ratio ${(median(on) / median(off)).toFixed(2)})`,
);

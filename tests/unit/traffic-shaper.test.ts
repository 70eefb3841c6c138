import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkModel, MSS, type Direction } from '../../scripts/shaper/link-model';
import { linkProfiles, type LinkProfile } from '../../scripts/shaper/link-profiles';
import { startShaper } from '../../scripts/shaper/traffic-shaper';

const testLink: LinkProfile = {
  name: 'test link',
  rttMs: 100,
  downKbps: 1600,
  upKbps: 800,
  initialWindowSegments: 10,
  lossRate: 0,
};
/** One full segment on the test link's downlink: 1460*8/1600 ms. */
const downSegmentMs = (MSS * 8) / testLink.downKbps;
const link = (over: Partial<LinkProfile>): LinkProfile => ({ ...testLink, ...over });

/** Sends `segments` full segments as soon as the model lets each leave, from `start`. */
function transfer(model: LinkModel, id: number, direction: Direction, segments: number, start: number) {
  const sentAt: number[] = [];
  const deliveredAt: number[] = [];
  let time = start;
  while (sentAt.length < segments) {
    const allowedAt = model.nextSendTime(id, direction, MSS, time);
    if (allowedAt > time) {
      time = allowedAt;
      continue;
    }
    sentAt.push(time);
    deliveredAt.push(model.send(id, direction, MSS, time));
  }
  return { sentAt, deliveredAt };
}

/** How many of the times fall in each round trip from `start`. */
function perRound(times: number[], start: number, rttMs: number): number[] {
  const counts: number[] = [];
  for (const time of times) {
    const round = Math.round((time - start) / rttMs);
    counts[round] = (counts[round] ?? 0) + 1;
  }
  return counts;
}

describe('the link model', () => {
  it('has the benchmark links named as the tables print them', () => {
    expect(linkProfiles.slow4g).toMatchObject({ name: 'Slow 4G', rttMs: 150, downKbps: 1600, upKbps: 750 });
    expect(linkProfiles.campusWifi).toMatchObject({
      rttMs: 400,
      downKbps: 1000,
      upKbps: 500,
      lossRate: 0.02,
    });
  });

  it('costs a round trip for the handshake before the browser sends, half more before the server does', () => {
    const model = new LinkModel(testLink);
    const id = model.open(1000);
    expect(model.nextSendTime(id, 'up', 300, 1000)).toBe(1100);
    expect(model.nextSendTime(id, 'down', 300, 1000)).toBe(1150);
    expect(() => model.send(id, 'up', 300, 1050)).toThrow(/may not send/);
    expect(model.nextSendTime(id, 'up', 300, 1100)).toBe(1100);
  });

  it('delivers a segment half a round trip after it has left the bottleneck', () => {
    const model = new LinkModel(testLink);
    const id = model.open(0);
    // 400 bytes at 800 kbit/s: 4 ms on the wire, then 50 ms of travel.
    expect(model.send(id, 'up', 400, 100)).toBeCloseTo(100 + 4 + 50, 6);
  });

  it('serialises segments queued at once: N segments finish N*1460*8/kbps ms later', () => {
    const model = new LinkModel(link({ initialWindowSegments: 100 }));
    const id = model.open(0);
    const deliveries = Array.from({ length: 40 }, () => model.send(id, 'down', MSS, 150));
    deliveries.forEach((at, index) => expect(at).toBeCloseTo(150 + (index + 1) * downSegmentMs + 50, 6));
    expect(deliveries.at(-1)! - 150 - 50).toBeCloseTo(292, 6); // 40*1460*8/1600
  });

  it('doubles the window each round trip: a 150-segment transfer goes 10, 20, 40, 80', () => {
    const model = new LinkModel(link({ downKbps: 1e9 }));
    const id = model.open(0);
    const { sentAt, deliveredAt } = transfer(model, id, 'down', 150, 150);
    expect(perRound(sentAt, 150, 100)).toEqual([10, 20, 40, 80]);
    expect(Math.max(...deliveredAt)).toBeCloseTo(500, 1);
    // 100 segments: the fourth round trip carries the 30 left.
    const second = new LinkModel(link({ downKbps: 1e9 }));
    expect(perRound(transfer(second, second.open(0), 'down', 100, 150).sentAt, 150, 100)).toEqual([
      10, 20, 40, 30,
    ]);
  });

  it('leaves the link idle after the first window, not after the window outgrows the link', () => {
    const model = new LinkModel(testLink);
    const id = model.open(0);
    const { sentAt, deliveredAt } = transfer(model, id, 'down', 137, 150); // 200 KB
    // The 11th segment waits for the first acknowledgement: one segment time plus a round trip.
    expect(sentAt[10]).toBeCloseTo(150 + downSegmentMs + 100, 6);
    // From then on the bottleneck stays busy: the last segment is delivered 137 segment times after the
    // start, plus that one gap and the half round trip.
    const gap = downSegmentMs + 100 - 10 * downSegmentMs;
    expect(deliveredAt.at(-1)).toBeCloseTo(150 + 137 * downSegmentMs + gap + 50, 3);
  });

  it('shares one bottleneck between connections, direction by direction', () => {
    const model = new LinkModel(testLink);
    const first = model.open(0);
    const second = model.open(0);
    const firstDeliveries = Array.from({ length: 10 }, () => model.send(first, 'down', MSS, 150));
    const secondDeliveries = Array.from({ length: 10 }, () => model.send(second, 'down', MSS, 150));
    expect(firstDeliveries.at(-1)).toBeCloseTo(150 + 10 * downSegmentMs + 50, 6);
    expect(secondDeliveries[0]).toBeCloseTo(150 + 11 * downSegmentMs + 50, 6);
    expect(secondDeliveries.at(-1)).toBeCloseTo(150 + 20 * downSegmentMs + 50, 6);
    // The uplink is another queue: busy downlink or not, a request goes out at once.
    expect(model.send(second, 'up', 100, 150)).toBeCloseTo(150 + 1 + 50, 6);
  });

  it('delivers a lost segment a round trip late, and nothing of its connection before it', () => {
    const draws = [0.5, 0.5, 0.01, 0.5, 0.5, 0.5, 0.5];
    const model = new LinkModel(link({ lossRate: 0.02 }), { random: () => draws.shift() ?? 0.5 });
    const lossy = model.open(0);
    const other = model.open(0);
    const deliveries = Array.from({ length: 5 }, () => model.send(lossy, 'down', MSS, 150));
    const unaffected = model.send(other, 'down', MSS, 150);
    const onTime = (index: number) => 150 + (index + 1) * downSegmentMs + 50;
    expect(deliveries[0]).toBeCloseTo(onTime(0), 6);
    expect(deliveries[1]).toBeCloseTo(onTime(1), 6);
    expect(deliveries[2]).toBeCloseTo(onTime(2) + 100, 6);
    // Head-of-line blocking: the segments behind it wait for its resend.
    expect(deliveries[3]).toBeCloseTo(onTime(2) + 100, 6);
    expect(deliveries[4]).toBeCloseTo(onTime(2) + 100, 6);
    expect(unaffected).toBeCloseTo(onTime(5), 6);
    // The loss holds back the acknowledgements too: the window grows a round trip later.
    const margin = 1e-6;
    expect(model.windowBytes(lossy, 'down', onTime(4) + 50 + margin)).toBe(10 * MSS + 2 * MSS);
    expect(model.windowBytes(lossy, 'down', onTime(2) + 150 - margin)).toBe(10 * MSS + 2 * MSS);
    expect(model.windowBytes(lossy, 'down', onTime(2) + 150 + margin)).toBe(15 * MSS);
  });

  it('loses nothing when the draws are at or above the loss rate', () => {
    const model = new LinkModel(link({ lossRate: 0.02 }), { random: () => 0.02 });
    const id = model.open(0);
    expect(model.send(id, 'down', MSS, 150)).toBeCloseTo(150 + downSegmentMs + 50, 6);
  });

  it('delivers the end of a stream behind its last byte', () => {
    const model = new LinkModel(testLink);
    const id = model.open(0);
    const last = Array.from({ length: 5 }, () => model.send(id, 'down', MSS, 150)).at(-1)!;
    expect(model.finishTime(id, 'down', 150)).toBeGreaterThanOrEqual(last);
    expect(model.finishTime(id, 'up', 0)).toBe(150); // sent after the handshake, half a round trip
  });

  it('refuses segments larger than an MSS and unknown connections', () => {
    const model = new LinkModel(testLink);
    const id = model.open(0);
    expect(() => model.send(id, 'down', MSS + 1, 150)).toThrow(RangeError);
    expect(() => model.send(id, 'down', 0, 150)).toThrow(RangeError);
    model.close(id);
    expect(() => model.send(id, 'down', 10, 150)).toThrow(/no open connection/);
  });
});

// Real sockets: the expected figures come from the profile, with -5% / +25% for timers on a busy machine.
// An unshaped proxy answers in about a millisecond and fails every one of them.
describe('the traffic shaper', () => {
  const cleanups: (() => Promise<void>)[] = [];
  /** hangUp of each shaper shapedHttpServer started, the newest last. */
  const hangUps: (() => void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function listen(server: net.Server): Promise<number> {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise((resolve) => {
          server.close(() => resolve());
          if (server instanceof http.Server) server.closeAllConnections();
        }),
    );
    return (server.address() as net.AddressInfo).port;
  }

  /** n bytes that differ from their neighbours, so that a byte out of order shows. */
  const pattern = (size: number) => Buffer.from(Array.from({ length: size }, (_, index) => index % 251));

  /**
   * An HTTP server: GET /bytes/<n> answers n bytes, GET /pattern/<n> n patterned bytes; POST answers
   * 'got <n>' once the body is in.
   */
  async function shapedHttpServer(profile: LinkProfile = testLink, random?: () => number) {
    const port = await listen(
      http.createServer((request, response) => {
        if (request.method === 'POST') {
          let received = 0;
          request.on('data', (chunk: Buffer) => (received += chunk.length));
          request.on('end', () => response.end(`got ${received}`));
          return;
        }
        const [, kind, size] = (request.url ?? '').split('/');
        const body = kind === 'pattern' ? pattern(Number(size)) : Buffer.alloc(Number(size), 97);
        response.writeHead(200, { 'content-length': body.length });
        response.end(body);
      }),
    );
    const shaper = await startShaper({ target: { host: '127.0.0.1', port }, profile, random });
    cleanups.push(() => shaper.close());
    hangUps.push(() => shaper.hangUp());
    return shaper.port;
  }

  interface Timed {
    firstByteMs: number;
    doneMs: number;
    body: string;
    bytes: Buffer;
  }

  function timedRequest(port: number, method: string, path: string, body?: Buffer): Promise<Timed> {
    const start = performance.now();
    return new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method, path, agent: false }, (response) => {
        const firstByteMs = performance.now() - start;
        const parts: Buffer[] = [];
        response.on('data', (chunk: Buffer) => parts.push(chunk));
        response.on('end', () =>
          resolve({
            firstByteMs,
            doneMs: performance.now() - start,
            body: Buffer.concat(parts).toString(),
            bytes: Buffer.concat(parts),
          }),
        );
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  const expectNear = (measured: number, expected: number) => {
    expect(measured).toBeGreaterThanOrEqual(expected * 0.95);
    expect(measured).toBeLessThanOrEqual(expected * 1.25);
  };

  it('answers the first byte two round trips after connecting: handshake, request there, response back', async () => {
    // A longer round trip than the others': a busy machine's timers run late by the same few
    // milliseconds at each of the four hops, and 25% of 600 ms covers them where 25% of 200 might not.
    const farLink = link({ rttMs: 300 });
    const port = await shapedHttpServer(farLink);
    // The process's first request pays for loading and compiling the HTTP client: not the link's time.
    await timedRequest(port, 'GET', '/bytes/5');
    const { firstByteMs } = await timedRequest(port, 'GET', '/bytes/5');
    expectNear(firstByteMs, 2 * farLink.rttMs);
  });

  it('downloads 200 KB at the downlink rate, after the slow-start gap', async () => {
    const port = await shapedHttpServer();
    const size = 200_000;
    const { doneMs, body } = await timedRequest(port, 'GET', `/bytes/${size}`);
    expect(body.length).toBe(size);
    // Handshake + request there, 1,000 ms of bytes, the link idle while the first window's
    // acknowledgements come back, and the last byte's half round trip.
    const serialisationMs = (size * 8) / testLink.downKbps;
    const firstWindowGapMs = downSegmentMs + testLink.rttMs - testLink.initialWindowSegments * downSegmentMs;
    const expected = 1.5 * testLink.rttMs + serialisationMs + firstWindowGapMs + testLink.rttMs / 2;
    expect(Math.round(expected)).toBe(1234);
    expectNear(doneMs, expected);
  });

  it('uploads a 100 KB POST body at the uplink rate', async () => {
    const port = await shapedHttpServer();
    const size = 100_000;
    const { doneMs, body } = await timedRequest(port, 'POST', '/upload', Buffer.alloc(size, 98));
    expect(body).toBe(`got ${size}`);
    // Handshake, 1,000 ms of bytes (at 800 kbit/s the first window outlasts its round trip: no gap),
    // half a round trip for the last byte, half back for the answer.
    const expected = testLink.rttMs + (size * 8) / testLink.upKbps + testLink.rttMs;
    expectNear(doneMs, expected);
  });

  it('shares the downlink between two downloads at once', async () => {
    const port = await shapedHttpServer();
    const size = 100_000;
    const [first, second] = await Promise.all([
      timedRequest(port, 'GET', `/bytes/${size}`),
      timedRequest(port, 'GET', `/bytes/${size}`),
    ]);
    // Together as long as one download of both: 200 KB through one link (and one first-window gap).
    const expected = 1.5 * testLink.rttMs + (2 * size * 8) / testLink.downKbps + testLink.rttMs / 2;
    expectNear(Math.max(first!.doneMs, second!.doneMs), expected);
  });

  it('delivers every byte in order through losses, a round trip late at the least', async () => {
    // One draw of every five is a loss (the request's segment draws too): 5 of the 25 segments.
    let draws = 0;
    const lossy = link({ lossRate: 0.5 });
    const port = await shapedHttpServer(lossy, () => (++draws % 5 === 0 ? 0 : 0.9));
    const size = 36_000;
    const { bytes, doneMs } = await timedRequest(port, 'GET', `/pattern/${size}`);
    expect(bytes.equals(pattern(size))).toBe(true);
    // Lossless: handshake and request (150 ms), 180 ms of bytes, a first-window gap, 50 ms back; at
    // least the last loss's round trip more.
    const losslessMs = 1.5 * lossy.rttMs + (size * 8) / lossy.downKbps + lossy.rttMs / 2;
    expect(doneMs).toBeGreaterThanOrEqual(0.95 * (losslessMs + lossy.rttMs));
  });

  it('passes the end of the stream on behind the data, and survives a server that resets', async () => {
    const sent = Buffer.alloc(30_000, 99);
    const closingPort = await listen(net.createServer((socket) => socket.end(sent)));
    const shaper = await startShaper({ target: { host: '127.0.0.1', port: closingPort }, profile: testLink });
    cleanups.push(() => shaper.close());
    const received = await new Promise<number>((resolve, reject) => {
      let bytes = 0;
      const socket = net.connect(shaper.port, '127.0.0.1');
      socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
      socket.on('end', () => {
        socket.end();
        resolve(bytes);
      });
      socket.on('error', reject);
    });
    expect(received).toBe(sent.length);

    const resettingPort = await listen(net.createServer((socket) => socket.resetAndDestroy()));
    const resetting = await startShaper({
      target: { host: '127.0.0.1', port: resettingPort },
      profile: testLink,
    });
    cleanups.push(() => resetting.close());
    const closed = await new Promise<boolean>((resolve) => {
      const socket = net.connect(resetting.port, '127.0.0.1');
      socket.on('error', () => {});
      socket.on('close', () => resolve(true));
    });
    expect(closed).toBe(true);
    // Still serving after the reset.
    const afterwards = await timedRequest(await shapedHttpServer(), 'GET', '/bytes/5');
    expect(afterwards.body).toBe('aaaaa');
  });

  it('closes every open connection when it is closed', async () => {
    const silentPort = await listen(net.createServer(() => {}));
    const shaper = await startShaper({ target: { host: '127.0.0.1', port: silentPort }, profile: testLink });
    const socket = net.connect(shaper.port, '127.0.0.1');
    await new Promise((resolve) => socket.on('connect', resolve));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.on('error', () => {});
    await shaper.close();
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it('hangs up every open connection on request and goes on serving new ones', async () => {
    const port = await shapedHttpServer();
    const held = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => held.on('connect', resolve));
    const closed = new Promise((resolve) => held.on('close', resolve));
    held.on('error', () => {});
    hangUps.at(-1)!();
    await closed;
    expect(held.destroyed).toBe(true);
    // A new connection pays its handshake again: two round trips to the first byte.
    const { body, firstByteMs } = await timedRequest(port, 'GET', '/bytes/5');
    expect(body).toBe('aaaaa');
    expect(firstByteMs).toBeGreaterThanOrEqual(2 * testLink.rttMs * 0.95);
  });
});

import http from 'node:http';

/*
 * A push service stand-in for bench:announce: accepts every POST to /push/<device> as a push service
 * accepts a message (201), after `delayMs` (a real service's round trip), and keeps per device the Topic
 * of each message received. The site sets Topic from the message's tag (lib/server/push/send-push.ts), so
 * the same message to the same device twice is the same (device, Topic) pair: what a duplicate is.
 * It does not decrypt (the integration tests check the encryption against a real protocol server); it
 * checks that each message carries what RFC 8030/8291/8292 require.
 */
export interface PushSink {
  url: string;
  /** Messages received per device, in order of arrival: their Topic headers. */
  received: Map<string, string[]>;
  total(): number;
  /** Requests refused for a missing header or body (should stay 0). */
  malformed: number;
  firstAt: number | null;
  lastAt: number | null;
  stop(): Promise<void>;
}

export async function startPushSink(port: number, delayMs = 0): Promise<PushSink> {
  const received = new Map<string, string[]>();
  let total = 0;
  const sink: PushSink = {
    url: `http://127.0.0.1:${port}`,
    received,
    total: () => total,
    malformed: 0,
    firstAt: null,
    lastAt: null,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const topic = request.headers.topic;
      const wellFormed =
        request.method === 'POST' &&
        device !== undefined &&
        typeof topic === 'string' &&
        request.headers['content-encoding'] === 'aes128gcm' &&
        /^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(request.headers.authorization ?? '') &&
        Number(request.headers.ttl) > 0 &&
        Buffer.concat(chunks).length > 86;
      setTimeout(() => {
        if (!wellFormed) {
          sink.malformed += 1;
          response.writeHead(400).end();
          return;
        }
        const now = Date.now();
        sink.firstAt ??= now;
        sink.lastAt = now;
        total += 1;
        received.set(device, [...(received.get(device) ?? []), topic]);
        response.writeHead(201, { location: `/message/${total}` }).end();
      }, delayMs);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return sink;
}

/** Devices that got the same message (same Topic) more than once, and how many extra copies in all. */
export function pushDuplicates(sink: PushSink): { devices: number; extra: number } {
  let devices = 0;
  let extra = 0;
  for (const topics of sink.received.values()) {
    const distinct = new Set(topics).size;
    if (distinct < topics.length) {
      devices += 1;
      extra += topics.length - distinct;
    }
  }
  return { devices, extra };
}

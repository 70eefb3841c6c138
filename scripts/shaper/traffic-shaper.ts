import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { LinkModel, MSS, type Direction } from './link-model';
import type { LinkProfile } from './link-profiles';

/*
 * A TCP proxy that makes a local server look as far away as a phone on a slow link, for
 * `npm run bench:lighthouse`: Chromium connects to it (HTTP/1.1, up to six connections at once), it
 * connects to the real server, and passes the bytes both ways no sooner than the link would have
 * delivered them. Lighthouse then only slows the CPU (--throttling-method=devtools), and the network
 * figures come from real TCP-like behaviour instead of Lighthouse's estimate. This kernel has no netem (tc),
 * hence a proxy in Node.
 *
 * What the link does is decided by LinkModel (link-model.ts: a shared bottleneck per direction, slow
 * start per connection, loss, in-order delivery, the handshake's round trip); this file only carries it
 * out with timers. Per connection and direction, the bytes read from one socket wait in `pending` until
 * the model lets the next segment (up to an MSS, gathered across reads, as TCP does) leave, and then in
 * `deliveries` until its delivery time, when they are written to the other socket. One timer per queue
 * keeps the order: two timers due the same millisecond could fire in either order.
 *
 * Closing: the end of one side's stream (FIN) is passed on behind its data, as the model's finishTime
 * says; both sockets allow half-open, so each direction ends on its own, as on a real connection. An
 * error or reset on either side destroys both at once (a reset does not wait for data in flight).
 *
 * Memory: a side whose pending bytes pass pendingHighBytes is paused until they fall below
 * pendingLowBytes, and a segment leaves only while its destination's write buffer is not full, so a large
 * download waits in the sender's socket, not here. The model's window cap bounds the bytes in flight.
 */

const pendingHighBytes = 256 * 1024;
const pendingLowBytes = 64 * 1024;
/** setTimeout can fire up to a millisecond before its time as performance.now() counts it. */
const timerSlackMs = 1;

export interface ShaperOptions {
  target: { host: string; port: number };
  profile: LinkProfile;
  /** 0 or absent: any free port. */
  listenPort?: number;
  /** Decides losses (tests inject their own); Math.random by default. */
  random?: () => number;
}

export interface Shaper {
  port: number;
  /**
   * Resets every open connection, leaving the shaper listening: the next page load starts on new
   * connections, with their handshakes and slow starts, as a phone's first visit does (a browser keeps
   * its connections to a host open between loads).
   */
  hangUp(): void;
  close(): Promise<void>;
}

export async function startShaper(options: ShaperOptions): Promise<Shaper> {
  const model = new LinkModel(options.profile, { random: options.random });
  const open = new Set<ShapedConnection>();

  const server = net.createServer({ allowHalfOpen: true }, (browser) => {
    const connection = new ShapedConnection(model, browser, options.target, () => open.delete(connection));
    open.add(connection);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.listenPort ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // After start-up an accept error must not take the process down; there is nothing to do about it.
  server.on('error', () => {});

  return {
    port: (server.address() as net.AddressInfo).port,
    hangUp: () => {
      for (const connection of open) connection.abort();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const connection of open) connection.abort();
      }),
  };
}

const now = () => performance.now();

/** One browser connection and its connection to the server. */
class ShapedConnection {
  private readonly id: number;
  private readonly server: net.Socket;
  private readonly pipes: ShapedPipe[];
  private closedSockets = 0;
  private aborted = false;

  constructor(
    private readonly model: LinkModel,
    private readonly browser: net.Socket,
    target: ShaperOptions['target'],
    private readonly onClosed: () => void,
  ) {
    this.id = model.open(now());
    this.server = net.connect({ host: target.host, port: target.port, allowHalfOpen: true });
    this.pipes = [
      new ShapedPipe(model, this.id, 'up', browser, this.server),
      new ShapedPipe(model, this.id, 'down', this.server, browser),
    ];
    for (const socket of [browser, this.server]) {
      socket.setNoDelay(true);
      // ECONNRESET, ECONNREFUSED...: close quietly; 'close' follows with hadError.
      socket.on('error', () => {});
      socket.on('close', (hadError) => {
        // A clean close has read the peer's end and written its own, every byte delivered.
        if (hadError || !socket.readableEnded || !socket.writableFinished) this.abort();
        if (++this.closedSockets === 2) {
          this.model.close(this.id);
          this.onClosed();
        }
      });
    }
  }

  /** Destroys both sockets at once, dropping what was in flight (a reset, or the shaper closing). */
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    for (const pipe of this.pipes) pipe.stop();
    this.browser.destroy();
    this.server.destroy();
  }
}

interface Delivery {
  at: number;
  /** null: the end of the stream. */
  data: Buffer | null;
}

/** One direction of a connection: reads `source`, writes `sink` as the link would deliver. */
class ShapedPipe {
  private pending: { data: Buffer; readAt: number }[] = [];
  private pendingBytes = 0;
  private sourceEndedAt: number | undefined;
  /**
   * The time this direction last sent at, as the model counts it. A timer that fires late (a busy
   * machine) sends at the time it was set for, and when data had been waiting, not at the moment the
   * event loop got round to it: the link's timing, not this process's, decides deliveries.
   */
  private modelTime = -Infinity;
  private finishSent = false;
  private readonly deliveries: Delivery[] = [];
  private sendTimer: NodeJS.Timeout | undefined;
  private deliveryTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly model: LinkModel,
    private readonly id: number,
    private readonly direction: Direction,
    private readonly source: net.Socket,
    private readonly sink: net.Socket,
  ) {
    source.on('data', (chunk: Buffer) => {
      this.pending.push({ data: chunk, readAt: now() });
      this.pendingBytes += chunk.length;
      if (this.pendingBytes > pendingHighBytes) source.pause();
      this.send();
    });
    source.on('end', () => {
      this.sourceEndedAt = now();
      this.send();
    });
    sink.on('drain', () => {
      // Waiting for a full receiver is not link time: nothing is sent as if it had left during the wait.
      this.modelTime = Math.max(this.modelTime, now());
      this.send();
    });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.sendTimer);
    clearTimeout(this.deliveryTimer);
    this.pending = [];
    this.deliveries.length = 0;
  }

  /** Puts on the link every segment the model lets leave now; asks again when it says. */
  private send(): void {
    clearTimeout(this.sendTimer);
    this.sendTimer = undefined;
    while (!this.stopped && !this.sink.writableNeedDrain) {
      const clock = now();
      if (this.pendingBytes === 0) {
        if (this.sourceEndedAt !== undefined && !this.finishSent) {
          this.finishSent = true;
          const time = Math.max(this.modelTime, this.sourceEndedAt);
          this.schedule({ at: this.model.finishTime(this.id, this.direction, time), data: null });
        }
        return;
      }
      const bytes = Math.min(MSS, this.pendingBytes);
      const dataReadyAt = Math.max(this.modelTime, this.readAtOfByte(bytes));
      const allowedAt = this.model.nextSendTime(this.id, this.direction, bytes, dataReadyAt);
      if (allowedAt > clock) {
        this.sendTimer = setTimeout(() => this.send(), Math.max(1, Math.ceil(allowedAt - clock)));
        return;
      }
      const time = Math.max(dataReadyAt, allowedAt);
      const at = this.model.send(this.id, this.direction, bytes, time);
      this.modelTime = time;
      this.schedule({ at, data: this.takePending(bytes) });
      if (this.pendingBytes < pendingLowBytes && this.source.isPaused()) this.source.resume();
    }
  }

  /** When the chunk holding the segment's last byte was read. */
  private readAtOfByte(bytes: number): number {
    let counted = 0;
    for (const chunk of this.pending) {
      counted += chunk.data.length;
      if (counted >= bytes) return chunk.readAt;
    }
    throw new Error(`only ${counted} bytes pending, not ${bytes}`);
  }

  private takePending(bytes: number): Buffer {
    const parts: Buffer[] = [];
    let wanted = bytes;
    while (wanted > 0) {
      const head = this.pending[0]!;
      if (head.data.length <= wanted) {
        parts.push(head.data);
        this.pending.shift();
        wanted -= head.data.length;
      } else {
        parts.push(head.data.subarray(0, wanted));
        head.data = head.data.subarray(wanted);
        wanted = 0;
      }
    }
    this.pendingBytes -= bytes;
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts, bytes);
  }

  private schedule(delivery: Delivery): void {
    this.deliveries.push(delivery);
    if (this.deliveryTimer === undefined) this.armDelivery();
  }

  private armDelivery(): void {
    const next = this.deliveries[0];
    if (!next || this.stopped) {
      this.deliveryTimer = undefined;
      return;
    }
    this.deliveryTimer = setTimeout(() => this.deliver(), Math.max(0, Math.ceil(next.at - now())));
  }

  /** Writes every delivery that is due, in order. */
  private deliver(): void {
    // A sink gone without a reset (its 'close' is on the way, which aborts the connection): nothing to write.
    if (this.sink.destroyed) this.deliveries.length = 0;
    const time = now() + timerSlackMs;
    while (this.deliveries.length > 0 && this.deliveries[0]!.at <= time) {
      const { data } = this.deliveries.shift()!;
      if (data) this.sink.write(data);
      else this.sink.end();
    }
    this.armDelivery();
  }
}

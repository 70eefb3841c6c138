import type { LinkProfile } from './link-profiles';

/*
 * A model of a slow link, without a clock: every call is told the time (ms, any origin, never going
 * backwards), so the same calls give the same answers and the unit tests need no timers.
 *
 * It decides when each segment a connection wants to send in one direction is delivered at the other end:
 *
 * - One bottleneck per direction, shared by every connection (a phone has one radio link): a FIFO in
 *   which a segment occupies bytes*8/kbps ms after the segment before it, then travels rtt/2.
 * - Slow start per connection and direction: a window of initialWindowSegments*MSS bytes may be sent and
 *   not yet acknowledged. A segment is acknowledged when its acknowledgement is back at the sender: half a
 *   round trip after its delivery, so one round trip after it left the bottleneck when nothing held it up.
 *   Each byte acknowledged grows the window by a byte, which doubles it every round trip. There is no
 *   congestion avoidance phase: nothing here drops a segment for a full queue, so the window would never
 *   leave slow start anyway, and for a page load it does not matter. After a few round trips the windows
 *   exceed the bandwidth-delay product (30 KB on Slow 4G) and the bottleneck, not the window, sets the
 *   pace. The window stops growing at maxWindowBytes only so that a long download cannot queue without end.
 * - Loss: with probability lossRate a segment is lost, resent, and arrives one round trip later than it
 *   would have (the resend does not occupy the bottleneck again: 2% of the bandwidth, left out).
 * - In order: TCP hands the receiver no byte before the bytes before it, so a segment behind a lost one
 *   waits for it (head-of-line blocking), and, the acknowledgements being cumulative, so does its
 *   acknowledgement: a loss stalls that connection's window for a round trip.
 * - A new connection costs a round trip: the browser's first byte leaves one round trip after it opened
 *   the connection (SYN there, SYN-ACK back), and the server's first byte half a round trip after that
 *   (when the handshake's last ACK reached it).
 *
 * The proxy (traffic-shaper.ts) asks `nextSendTime` whether a connection may send its next segment now,
 * or when to ask again, and `send` to put it on the link, which answers when it is delivered.
 */

/** The largest segment: a 1,500-byte Ethernet/radio frame less the IP and TCP headers. */
export const MSS = 1460;

/** Where a window stops growing unless told otherwise. */
export const defaultMaxWindowBytes = 1_000_000;

/** 'up': browser to server; 'down': server to browser. */
export type Direction = 'up' | 'down';

export interface LinkModelOptions {
  /** Decides losses: a segment is lost when it returns less than lossRate. */
  random?: () => number;
  maxWindowBytes?: number;
}

interface Unacknowledged {
  bytes: number;
  acknowledgedAt: number;
}

/** One direction of one connection. */
interface Flow {
  /** The earliest time its first byte may leave (the handshake). */
  readyAt: number;
  window: number;
  /** Oldest first; their acknowledgement times never decrease (deliveries are in order). */
  unacknowledged: Unacknowledged[];
  bytesInFlight: number;
  /** When its last segment is delivered: no later segment is delivered before. */
  lastDeliveryAt: number;
}

export class LinkModel {
  private readonly random: () => number;
  private readonly maxWindowBytes: number;
  private readonly connections = new Map<number, Record<Direction, Flow>>();
  private readonly bottleneckFreeAt: Record<Direction, number> = { up: -Infinity, down: -Infinity };
  private lastId = 0;

  constructor(
    readonly profile: LinkProfile,
    options: LinkModelOptions = {},
  ) {
    this.random = options.random ?? Math.random;
    this.maxWindowBytes = options.maxWindowBytes ?? defaultMaxWindowBytes;
  }

  /** The browser opens a connection at `now`; returns its id. */
  open(now: number): number {
    const id = ++this.lastId;
    const rtt = this.profile.rttMs;
    this.connections.set(id, { up: this.newFlow(now + rtt), down: this.newFlow(now + 1.5 * rtt) });
    return id;
  }

  /** Forgets a closed connection. */
  close(id: number): void {
    this.connections.delete(id);
  }

  /**
   * When the connection may send a segment of `bytes` in `direction`: `now` or earlier means at once;
   * a later time is when its handshake completes or when enough of its window is acknowledged.
   */
  nextSendTime(id: number, direction: Direction, bytes: number, now: number): number {
    checkSegment(bytes);
    const flow = this.flow(id, direction);
    this.acknowledge(flow, now);
    if (now < flow.readyAt) return flow.readyAt;
    if (fits(flow.bytesInFlight, flow.window, bytes)) return now;
    let window = flow.window;
    let inFlight = flow.bytesInFlight;
    for (const segment of flow.unacknowledged) {
      window = Math.min(this.maxWindowBytes, window + segment.bytes);
      inFlight -= segment.bytes;
      if (fits(inFlight, window, bytes)) return segment.acknowledgedAt;
    }
    throw new Error('unreachable: an empty flight always fits');
  }

  /** Puts a segment on the link at `now` (which nextSendTime allowed); returns when it is delivered. */
  send(id: number, direction: Direction, bytes: number, now: number): number {
    const allowedAt = this.nextSendTime(id, direction, bytes, now);
    if (allowedAt > now) {
      throw new Error(
        `connection ${id} may not send ${bytes} bytes ${direction} before ${allowedAt} (now ${now})`,
      );
    }
    const flow = this.flow(id, direction);
    const rtt = this.profile.rttMs;
    const leavesAt = Math.max(now, this.bottleneckFreeAt[direction]) + (bytes * 8) / this.kbps(direction);
    this.bottleneckFreeAt[direction] = leavesAt;
    const lost = this.random() < this.profile.lossRate;
    const deliveredAt = Math.max(leavesAt + rtt / 2 + (lost ? rtt : 0), flow.lastDeliveryAt);
    flow.lastDeliveryAt = deliveredAt;
    flow.unacknowledged.push({ bytes, acknowledgedAt: deliveredAt + rtt / 2 });
    flow.bytesInFlight += bytes;
    return deliveredAt;
  }

  /**
   * When the end of the stream (a FIN sent at `now`, after the last segment) reaches the other side:
   * behind every byte sent before it. Forty bytes: it is not counted against the bottleneck.
   */
  finishTime(id: number, direction: Direction, now: number): number {
    const flow = this.flow(id, direction);
    const leavesAt = Math.max(now, flow.readyAt, this.bottleneckFreeAt[direction]);
    return Math.max(leavesAt + this.profile.rttMs / 2, flow.lastDeliveryAt);
  }

  /** The window of one direction of a connection now, bytes (for tests and diagnostics). */
  windowBytes(id: number, direction: Direction, now: number): number {
    const flow = this.flow(id, direction);
    this.acknowledge(flow, now);
    return flow.window;
  }

  private newFlow(readyAt: number): Flow {
    return {
      readyAt,
      window: this.profile.initialWindowSegments * MSS,
      unacknowledged: [],
      bytesInFlight: 0,
      lastDeliveryAt: -Infinity,
    };
  }

  private flow(id: number, direction: Direction): Flow {
    const connection = this.connections.get(id);
    if (!connection) throw new Error(`no open connection ${id}`);
    return connection[direction];
  }

  private kbps(direction: Direction): number {
    return direction === 'up' ? this.profile.upKbps : this.profile.downKbps;
  }

  private acknowledge(flow: Flow, now: number): void {
    while (flow.unacknowledged.length > 0 && flow.unacknowledged[0]!.acknowledgedAt <= now) {
      const segment = flow.unacknowledged.shift()!;
      flow.bytesInFlight -= segment.bytes;
      flow.window = Math.min(this.maxWindowBytes, flow.window + segment.bytes);
    }
  }
}

/** A segment fits when the window holds it, and always when nothing is in flight. */
function fits(bytesInFlight: number, window: number, bytes: number): boolean {
  return bytesInFlight === 0 || bytesInFlight + bytes <= window;
}

function checkSegment(bytes: number): void {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > MSS) {
    throw new RangeError(`a segment is 1 to ${MSS} bytes, not ${bytes}`);
  }
}

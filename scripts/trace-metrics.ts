/*
 * What one page load's Chromium trace says (bench:trace): when the first and the largest paint came, how
 * long the main thread blocked, and how much of its work was layout, paint, style, parsing and script.
 * Pure: it reads the trace's events, so the unit tests give it events of their own.
 */

/** The fields of a trace event this reads (Chromium's trace event format; times in microseconds). */
export interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string } };
}

export interface LoadMetrics {
  /** From the document's request, ms. */
  fcpMs: number;
  lcpMs: number;
  /**
   * The parts over 50 ms of the main thread's tasks from the first paint to the end of the trace (1.5 s after
   * the network went quiet): larger than Lighthouse's total blocking time, which stops when the page is
   * first idle for 5 s, so a figure to compare builds by, not to hold against the budget.
   */
  blockingMs: number;
  /** Main-thread time up to the largest paint, ms. */
  layoutMs: number;
  paintMs: number;
  styleMs: number;
  parseMs: number;
  scriptMs: number;
}

/** A task longer than this blocks input; what is over it counts (as Lighthouse's total blocking time). */
const blockingThresholdMs = 50;

const ms = (us: number) => us / 1000;

/** The metrics of the load of `documentUrl` in `events`; throws when the trace has no paint of it. */
export function loadMetrics(events: readonly TraceEvent[], documentUrl: string): LoadMetrics {
  const request = events.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url === documentUrl);
  if (!request) throw new Error(`the trace has no request of ${documentUrl}`);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.ts >= request.ts);
  const candidates = events.filter(
    (e) => e.name === 'largestContentfulPaint::Candidate' && e.ts >= request.ts,
  );
  const lcp = candidates.at(-1);
  if (!fcp || !lcp) throw new Error(`the trace of ${documentUrl} has no first or largest paint`);
  // The page's main thread: the one its paints were recorded on.
  const onMain = (e: TraceEvent) => e.pid === lcp.pid && e.tid === lcp.tid;
  const main = events.filter(onMain);
  const before = (...names: string[]) =>
    outermostTime(main.filter((e) => names.includes(e.name) && e.ts >= request.ts && e.ts < lcp.ts));
  const blockingMs = main
    .filter((e) => e.name === 'RunTask' && e.ts >= fcp.ts)
    .reduce((sum, e) => sum + Math.max(0, ms(e.dur ?? 0) - blockingThresholdMs), 0);
  return {
    fcpMs: ms(fcp.ts - request.ts),
    lcpMs: ms(lcp.ts - request.ts),
    blockingMs,
    layoutMs: before('Layout'),
    paintMs: before('Paint'),
    styleMs: before('UpdateLayoutTree'),
    parseMs: before('ParseHTML'),
    scriptMs: before('EvaluateScript', 'FunctionCall'),
  };
}

/** The summed duration of `events` in ms, an event inside another counted once (within the outer one). */
function outermostTime(events: readonly TraceEvent[]): number {
  let total = 0;
  let coveredUntil = -Infinity;
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    const end = e.ts + (e.dur ?? 0);
    if (e.ts >= coveredUntil) total += end - e.ts;
    else if (end > coveredUntil) total += end - coveredUntil;
    coveredUntil = Math.max(coveredUntil, end);
  }
  return ms(total);
}

/** The median of `values` (the lower middle of an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

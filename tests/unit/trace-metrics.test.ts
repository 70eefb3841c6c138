import { describe, expect, it } from 'vitest';
import { loadMetrics, median, type TraceEvent } from '../../scripts/trace-metrics';

const page = 'http://localhost:4000/event/1';
const main = { pid: 7, tid: 1 };
const other = { pid: 7, tid: 2 };
/** An event at `atMs` lasting `durMs` (the trace counts microseconds). */
const at = (name: string, atMs: number, durMs = 0, thread = main, url?: string): TraceEvent => ({
  name,
  ts: atMs * 1000,
  dur: durMs * 1000,
  ...thread,
  args: url ? { data: { url } } : {},
});

describe('loadMetrics', () => {
  const events: TraceEvent[] = [
    at('RunTask', 10, 500), // before the navigation: not this load's
    at('ResourceSendRequest', 1000, 0, other, page),
    at('ParseHTML', 1200, 30),
    at('UpdateLayoutTree', 1240, 20),
    at('Layout', 1260, 100),
    at('Paint', 1360, 15),
    at('firstContentfulPaint', 1400),
    at('largestContentfulPaint::Candidate', 1400),
    at('RunTask', 1450, 120), // blocks 70 ms
    at('Layout', 1460, 40),
    at('Paint', 1500, 60),
    at('EvaluateScript', 1600, 30),
    at('FunctionCall', 1610, 10), // inside the evaluation: counted once
    at('largestContentfulPaint::Candidate', 1700),
    at('RunTask', 1800, 40), // under 50 ms: blocks nothing
    at('RunTask', 1900, 200, other), // another thread: not the page's main thread
    at('RunTask', 2000, 90), // blocks 40 ms
    at('Layout', 2000, 80), // after the largest paint: not counted in its work
  ];

  it('times the paints from the document request, with the last candidate as the largest paint', () => {
    const metrics = loadMetrics(events, page);
    expect(metrics.fcpMs).toBe(400);
    expect(metrics.lcpMs).toBe(700);
  });

  it("sums blocking over 50 ms of the main thread's tasks from the first paint", () => {
    expect(loadMetrics(events, page).blockingMs).toBe(110);
  });

  it('sums each kind of work up to the largest paint, a call within a script once', () => {
    const metrics = loadMetrics(events, page);
    expect(metrics.layoutMs).toBe(140);
    expect(metrics.paintMs).toBe(75);
    expect(metrics.styleMs).toBe(20);
    expect(metrics.parseMs).toBe(30);
    expect(metrics.scriptMs).toBe(30);
  });

  it('refuses a trace without the document or its paints', () => {
    expect(() => loadMetrics(events, 'http://localhost:4000/team')).toThrow(/no request/);
    expect(() => loadMetrics(events.slice(0, 3), page)).toThrow(/no first or largest paint/);
  });
});

describe('median', () => {
  it('takes the middle value, the lower middle of an even count, and NaN of none', () => {
    expect(median([900, 700, 800])).toBe(800);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([])).toBeNaN();
  });
});

import { describe, expect, it } from 'vitest';
import { notableLines, reportsError } from '../../scripts/server-log';

const start = [
  '▲ Next.js 16.4.6',
  '- Local:         http://localhost:3750',
  '- Network:       http://192.0.2.2:3750',
  '',
  '✓ Ready in 318ms',
  '✓ Running next.config.ts took 130ms',
  '⚠ "next start" does not work with "output: standalone" configuration. Use "node .next/standalone/server.js" instead.',
].join('\n');

describe("a benchmark's server log", () => {
  it("leaves out Next's own start, and keeps everything else", () => {
    expect(notableLines(start)).toEqual([]);
    const warning = '{"level":40,"time":1,"app":"festival-site","msg":"slow query"}';
    expect(notableLines(`${start}\n${warning}\n`)).toEqual([warning]);
  });

  it("finds an error in the site's log lines, Next's failed requests and stacks, not in warnings", () => {
    expect(reportsError(['{"level":40,"msg":"mail queue is slow"}'])).toBe(false);
    expect(reportsError(['{"level":50,"msg":"payment check failed"}'])).toBe(true);
    expect(reportsError(['{"level":60,"msg":"database gone"}'])).toBe(true);
    expect(reportsError(['⨯ TypeError: Cannot read properties of undefined'])).toBe(true);
    expect(reportsError(['Error: connect ECONNREFUSED 127.0.0.1:5432'])).toBe(true);
  });
});

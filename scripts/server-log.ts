/*
 * What a benchmark's server wrote, less what every start writes (Next's banner, its readiness, and its
 * note that `next start` is not the standalone server the container runs): the rest is read after each
 * run, and a line with an error fails it. A 500 under load is a bug too.
 */

const startupLine = [
  /^▲ Next\.js/,
  /^- (Local|Network|Environments):/,
  /^✓ (Ready|Starting|Running next\.config)/,
  /^⚠ "next start" does not work with "output: standalone"/,
];

import fs from 'node:fs';

/** The lines of `log` that are not Next's own start. */
export function notableLines(log: string): string[] {
  return log
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !startupLine.some((pattern) => pattern.test(line.trim())));
}

/**
 * Whether one of `lines` reports an error: the site's logger at error or fatal (pino's levels 50 and 60),
 * Next's ⨯ before a failed request, or an error's name or stack.
 */
export function reportsError(lines: readonly string[]): boolean {
  return lines.some((line) => /"level":(50|60)\b|⨯|\berror\b/i.test(line));
}

/**
 * Prints what `who` (a server of a benchmark) wrote to `file` beyond its start, and marks the run failed
 * (exit code 1) when that reports an error.
 */
export function reportServerLog(who: string, file: string): void {
  const lines = fs.existsSync(file) ? notableLines(fs.readFileSync(file, 'utf8')) : [];
  if (lines.length === 0) {
    console.log(`${who} logged nothing but its start.`);
    return;
  }
  console.log(`${who} logged ${lines.length} line(s) (${file}):\n${lines.join('\n')}`);
  if (reportsError(lines)) {
    console.error(`${who} logged an error during the run: read it above.`);
    process.exitCode ||= 1;
  }
}

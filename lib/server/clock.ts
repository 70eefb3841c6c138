import 'server-only';

/** The server's idea of "now": one seam so tests can move time (code expiry, rate-limit windows). */
let override: (() => Date) | undefined;

export function now(): Date {
  return override ? override() : new Date();
}

export function setClockForTests(clock: (() => Date) | undefined): void {
  override = clock;
}

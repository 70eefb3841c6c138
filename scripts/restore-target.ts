// The moment a restore goes back to, as an operator writes it ("2026-02-14 18:41:00+05:30") and as
// PostgreSQL's recovery_target_time reads it. Free of servers so tests/unit/restore-target.test.ts checks it.

export interface RestoreTarget {
  /** The target as PostgreSQL and pgBackRest are given it: `YYYY-MM-DD HH:MM:SS[.ffffff]+HH:MM`. */
  text: string;
  /** The same moment in microseconds since 1970 (commit timestamps are compared in microseconds). */
  epochUs: number;
}

const pattern =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * Reads a target. The zone is required: a time without one means the server's zone to PostgreSQL and the
 * operator's own to the operator, and a restore to the wrong hour is the mistake this must not make.
 */
export function parseTarget(input: string): RestoreTarget {
  const match = pattern.exec(input.trim());
  if (!match) {
    throw new Error(
      `The target "${input}" is not a time like "2026-02-14 18:41:00+05:30" (date, time, and the zone's offset or Z).`,
    );
  }
  const [, y, mo, d, h, mi, s = '00', fraction = '', zone] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  let offsetMinutes = 0;
  if (zone!.toUpperCase() !== 'Z') {
    const sign = zone!.startsWith('-') ? -1 : 1;
    const digits = zone!.slice(1).replace(':', '');
    const zoneHours = Number(digits.slice(0, 2));
    const zoneMinutes = Number(digits.slice(2) || '0');
    if (zoneHours > 14 || zoneMinutes > 59) throw new Error(`The target's offset "${zone}" is not a zone.`);
    offsetMinutes = sign * (zoneHours * 60 + zoneMinutes);
  }
  const localMs = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(localMs);
  // Date.UTC rolls 2026-02-30 over into March: refuse a day or time that does not exist instead.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== second
  ) {
    throw new Error(`The target "${input}" is not a real date and time.`);
  }
  const micros = Number(fraction.padEnd(6, '0') || '0');
  const epochUs = (localMs - offsetMinutes * 60_000) * 1000 + micros;
  const pad = (n: number) => String(n).padStart(2, '0');
  const offset = `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  const text = `${y}-${mo}-${d} ${h}:${mi}:${s}${fraction ? `.${fraction}` : ''}${offset}`;
  return { text, epochUs };
}

/** A moment (ms since 1970) as a target to the whole second, in the zone of `offsetMinutes` east of UTC. */
export function formatTarget(epochMs: number, offsetMinutes = 0): string {
  const local = new Date(Math.floor(epochMs / 1000) * 1000 + offsetMinutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${zone}`
  );
}

/** Microseconds since 1970 as an ISO time (UTC) with its microseconds, for messages. */
export function describeMicros(epochUs: number): string {
  const ms = Math.floor(epochUs / 1000);
  const iso = new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  return `${iso}${String(epochUs % 1000).padStart(3, '0')} UTC`;
}

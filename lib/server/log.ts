import 'server-only';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import { env } from '@/lib/server/env';

/*
 * What must never reach the log: a database error carries the values of the failed query (drizzle puts
 * them in its message as "params: ...", drivers in `parameters`), and those are password hashes, e-mails
 * and phone numbers. Errors are serialised, then every value the query was given is dropped and anything
 * that looks like a password hash, an e-mail address or a phone number is masked, in every string.
 */

/** Fields that hold a query's values (drizzle's `params`, postgres.js's `parameters` and `args`). */
const valueFields = new Set(['params', 'parameters', 'args', 'values', 'bindings']);

/** Fields that are secrets wherever they appear in a logged object. */
const secretFields = ['password', 'newPassword', 'passwordHash', 'otp', 'token', 'authorization'];

const masks: [RegExp, string][] = [
  // drizzle's "Failed query: ...\nparams: a,b,c" (the values are the last line of the message and stack).
  [/(^|\n)(\s*)params: [^\n]*/g, '$1$2params: [redacted]'],
  // Our stored password hashes: scrypt$N$r$p$salt$hash.
  [/scrypt\$[^\s,'")]*/g, '[password hash]'],
  // A password hash of another common format ($argon2id$..., $2b$...).
  [/\$(?:argon2(?:id|i|d)|2[aby])\$[^\s,'")]*/g, '[password hash]'],
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
  // Ten digits (an Indian mobile number), with +91 or 0 before it or not; not part of a longer id.
  [/(?<![\w-])(?:\+?91[ -]?|0)?\d{10}(?![\w-])/g, '[phone]'],
];

/** A string with query values cut and hashes, e-mails and phone numbers masked. */
export function maskSensitive(text: string): string {
  return masks.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

/** A copy of a logged value with query values dropped and every string masked (cycles cut). */
export function scrub(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return maskSensitive(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrub(item, seen));
  // Errors go through the error serialiser (which scrubs its own result); dates have nothing to hide.
  if (value instanceof Error || value instanceof Date) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = valueFields.has(key) ? '[redacted]' : scrub(item, seen);
  }
  return copy;
}

/** pino's error serialiser (message, stack, causes, own fields), then scrubbed. */
function errorSerializer(error: unknown): unknown {
  return scrub(pino.stdSerializers.err(error as Error));
}

/** The logger's options; exported with a destination for tests that read what is written. */
export function createLogger(destination?: DestinationStream, overrides: LoggerOptions = {}) {
  const options: LoggerOptions = {
    level: env().LOG_LEVEL,
    base: { app: 'festival-site' },
    serializers: { err: errorSerializer, error: errorSerializer },
    // Every other field of a log line is scrubbed the same way (a body or an address logged by mistake).
    formatters: { log: (object) => scrub(object) as Record<string, unknown> },
    redact: {
      paths: secretFields.flatMap((field) => [field, `*.${field}`]),
      censor: '[redacted]',
    },
    ...overrides,
  };
  return destination ? pino(options, destination) : pino(options);
}

/** JSON-lines logger for the server. */
export const logger = createLogger();

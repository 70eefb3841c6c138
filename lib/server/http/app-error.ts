/**
 * The one error type services throw for expected failures. Its code decides the HTTP status; its message
 * is shown to the user as is, so it must be a sentence a festival visitor understands.
 */
export const statusByCode = {
  invalid_input: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Per-field messages for invalid input, keyed by the payload's field name. */
  readonly fieldErrors?: Record<string, string>;
  /** Seconds until a rate-limited caller may try again. */
  readonly retryAfter?: number;
  /** A machine-readable hint a screen can act on (for example 'unverified' offers verification). */
  readonly reason?: string;

  constructor(
    code: AppErrorCode,
    message: string,
    extra: { fieldErrors?: Record<string, string>; retryAfter?: number; reason?: string } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = extra.fieldErrors;
    this.retryAfter = extra.retryAfter;
    this.reason = extra.reason;
  }

  get status(): number {
    return statusByCode[this.code];
  }
}

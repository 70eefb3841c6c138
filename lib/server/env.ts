import 'server-only';
import { z } from 'zod';
import { festival } from '@/lib/festival';
import { parsePostgresUrl } from '@/lib/server/db/connection-string';

/**
 * The one module that reads process.env on the server. It validates everything once, on first use,
 * and fails fast with a message that names each bad variable.
 */
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
/**
 * A postgres:// URL, which may name several servers (`db1:5432,db2:5432`, a primary and its standby) that
 * WHATWG URL parsing (z.url()) refuses; read as connection-string.ts reads it for connecting.
 */
const optionalPostgresUrl = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .superRefine((value, context) => {
      try {
        parsePostgresUrl(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      }
    })
    .optional(),
);
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATABASE_URL: optionalPostgresUrl,
    DATA_DIR: z.string().min(1).default('.data'),
    /** Connections each instance may open to PostgreSQL; N instances need N x this within max_connections. */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    /** Seconds to wait for a new connection before the request fails with 503. */
    DATABASE_CONNECT_TIMEOUT: z.coerce.number().int().min(1).max(120).default(5),
    /** Milliseconds a statement may run before PostgreSQL cancels it (0: no limit). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
    SMTP_URL: optionalUrl,
    MAIL_FROM: optionalText,
    /**
     * Mails handed to SMTP per minute by all instances together (a provider's sending limit): an
     * announcement to thousands queues at once and drains at this rate.
     */
    MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(3000),
    /**
     * Web push (docs/announcements.md): the VAPID key pair (`npx web-push generate-vapid-keys`) and a
     * contact the push services can reach (mailto: or https:). Unset in development, a pair is generated
     * once in DATA_DIR; unset in production, pushes are off and reminders go by mail.
     */
    VAPID_PUBLIC_KEY: optionalText,
    VAPID_PRIVATE_KEY: optionalText,
    VAPID_SUBJECT: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https:// address')
        .optional(),
    ),
    RAZORPAY_KEY_ID: optionalText,
    RAZORPAY_KEY_SECRET: optionalText,
    RAZORPAY_WEBHOOK_SECRET: optionalText,
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** The region requests are signed for: 'auto' suits R2; AWS needs the bucket's (eu-west-1, …). */
    S3_REGION: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).default('auto')),
    JWT_SECRET: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(32, 'JWT_SECRET must be at least 32 characters long').optional(),
    ),
    INSTITUTE_EMAIL_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'INSTITUTE_EMAIL_DOMAIN must be a domain such as daiict.ac.in')
      .default(festival.defaultInstituteEmailDomain),
    SITE_URL: z.url().default('http://localhost:3000'),
    CRON_SECRET: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(24, 'CRON_SECRET must be at least 24 characters long').optional(),
    ),
    /**
     * The bearer secret Prometheus sends to GET /api/metrics (docs/operations.md). Unset, the endpoint does
     * not exist (404).
     */
    METRICS_TOKEN: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(24, 'METRICS_TOKEN must be at least 24 characters long').optional(),
    ),
    /** The local organiser account of the README: on by default outside production, never implied in it. */
    DEV_ORGANISER: z.enum(['true', 'false']).optional(),
    /**
     * An explicit preview deployment: the payment sandbox and the mail outbox stay on in production, every
     * page carries a Preview mark, and the outbox is for organisers only. Unset, a hosting platform's own
     * preview signal counts (see isPreview); 'false' overrides that signal.
     */
    PREVIEW: z.enum(['true', 'false']).optional(),
    /** Vercel's deployment kind ('preview' on a pull request's deployment). */
    VERCEL_ENV: z.string().optional(),
    /** Netlify's build context ('deploy-preview' on a pull request's deployment). */
    CONTEXT: z.string().optional(),
    /** How many proxies in front of the server append to X-Forwarded-For; 0: the socket's address counts. */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    NEXT_PHASE: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    const groups: Record<string, (keyof typeof env)[]> = {
      Razorpay: ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'],
      S3: ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
      'web push': ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
    };
    for (const [name, keys] of Object.entries(groups)) {
      const set = keys.filter((k) => env[k] !== undefined);
      if (set.length > 0 && set.length < keys.length) {
        for (const k of keys.filter((k) => env[k] === undefined)) {
          ctx.addIssue({
            code: 'custom',
            path: [k],
            message: `${k} is required when other ${name} variables are set`,
          });
        }
      }
    }
  });

export type Env = z.infer<typeof schema>;

export class EnvError extends Error {
  constructor(issues: string[]) {
    super(`Invalid environment configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses a given environment (exported for tests); throws EnvError listing every problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Drops the cached parse; tests that change process.env call it. */
export function resetEnvForTests(): void {
  cached = undefined;
}

export const isBuildPhase = () => env().NEXT_PHASE === 'phase-production-build';
export const usesOutbox = () => env().SMTP_URL === undefined;
export const usesPaymentSandbox = () => env().RAZORPAY_KEY_ID === undefined;
/** A preview deployment: PREVIEW=true, or (PREVIEW unset) the hosting platform says this is a preview. */
export const isPreview = () => {
  const e = env();
  if (e.PREVIEW !== undefined) return e.PREVIEW === 'true';
  return e.VERCEL_ENV === 'preview' || e.CONTEXT === 'deploy-preview';
};
/** Development conveniences (outbox, sandbox) that production only allows on a preview. */
export const isProductionSite = () => env().NODE_ENV === 'production' && !isPreview();
export const usesEmbeddedDatabase = () => env().DATABASE_URL === undefined;
export const seedsDevOrganiser = () => {
  const e = env();
  return e.DEV_ORGANISER === undefined ? e.NODE_ENV !== 'production' : e.DEV_ORGANISER === 'true';
};

import 'server-only';
import { z } from 'zod';
import { festival } from '@/lib/festival';

/**
 * The one module that reads process.env on the server. It validates everything once, on first use,
 * and fails fast with a message that names each bad variable.
 */
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATABASE_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('.data'),
    SMTP_URL: optionalUrl,
    MAIL_FROM: optionalText,
    RAZORPAY_KEY_ID: optionalText,
    RAZORPAY_KEY_SECRET: optionalText,
    RAZORPAY_WEBHOOK_SECRET: optionalText,
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
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
    /** The local organiser account of the README: on by default outside production, never implied in it. */
    DEV_ORGANISER: z.enum(['true', 'false']).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    NEXT_PHASE: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    const groups: Record<string, (keyof typeof env)[]> = {
      Razorpay: ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'],
      S3: ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
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
export const usesEmbeddedDatabase = () => env().DATABASE_URL === undefined;
export const seedsDevOrganiser = () => {
  const e = env();
  return e.DEV_ORGANISER === undefined ? e.NODE_ENV !== 'production' : e.DEV_ORGANISER === 'true';
};

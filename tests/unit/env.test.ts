import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '@/lib/server/env';

describe('parseEnv', () => {
  it('gives working defaults for an empty environment', () => {
    const env = parseEnv({});
    expect(env.DATA_DIR).toBe('.data');
    expect(env.INSTITUTE_EMAIL_DOMAIN).toBe('daiict.ac.in');
    expect(env.SITE_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: '' }).SMTP_URL).toBeUndefined();
  });

  it('names every bad variable in one readable error', () => {
    let error: unknown;
    try {
      parseEnv({ DATABASE_URL: 'not a url', JWT_SECRET: 'short', SITE_URL: 'nope' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain('Invalid environment configuration');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('JWT_SECRET must be at least 32 characters long');
    expect(message).toContain('SITE_URL');
  });

  it('requires all Razorpay keys once one is set', () => {
    expect(() => parseEnv({ RAZORPAY_KEY_ID: 'rzp_test_x' })).toThrow(
      /RAZORPAY_KEY_SECRET is required when other Razorpay variables are set/,
    );
  });

  it('requires all S3 settings once one is set', () => {
    expect(() => parseEnv({ S3_BUCKET: 'proofs' })).toThrow(/S3_ENDPOINT is required/);
  });

  it('refuses a malformed institute domain', () => {
    expect(() => parseEnv({ INSTITUTE_EMAIL_DOMAIN: '@@' })).toThrow(/INSTITUTE_EMAIL_DOMAIN/);
  });
});

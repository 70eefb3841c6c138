import 'server-only';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/server/env';

let secret: Buffer | undefined;

/**
 * The application secret: JWT_SECRET in production; in development a random secret generated once and
 * kept in DATA_DIR so that sign-ins survive restarts.
 */
export function appSecret(): Buffer {
  if (secret) return secret;
  const e = env();
  if (e.JWT_SECRET) {
    secret = Buffer.from(e.JWT_SECRET, 'utf8');
    return secret;
  }
  if (e.NODE_ENV === 'production') {
    throw new Error('JWT_SECRET must be set in production (at least 32 characters).');
  }
  const file = path.resolve(e.DATA_DIR, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      // Another process created it first; use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
  return secret;
}

/** A secret for one purpose, derived from the application secret so purposes never share a key. */
export function derivedSecret(label: string): string {
  return crypto.createHmac('sha256', appSecret()).update(label).digest('hex');
}

import 'server-only';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import { env } from '@/lib/server/env';
import { normaliseRole } from '@/lib/roles';

/** Tokens live as long as a festival weekend needs; a password reset ends them sooner. */
export const tokenLifetimeSeconds = 7 * 24 * 60 * 60;
const algorithm = 'HS256';

export interface TokenClaims {
  userId: string;
  email: string;
  role: string;
  /** The user's token version when the token was issued; a reset bumps it. */
  tv: number;
}

let secret: Uint8Array | undefined;

/**
 * JWT_SECRET in production; in development a random secret generated once and kept in DATA_DIR so that
 * sign-ins survive restarts.
 */
function signingKey(): Uint8Array {
  if (secret) return secret;
  const e = env();
  if (e.JWT_SECRET) {
    secret = new TextEncoder().encode(e.JWT_SECRET);
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
  secret = new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
  return secret;
}

export async function signToken(claims: TokenClaims): Promise<string> {
  return new SignJWT({ email: claims.email, role: claims.role, userId: claims.userId, tv: claims.tv })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(`${tokenLifetimeSeconds}s`)
    .sign(signingKey());
}

/** Checks signature (HS256 only), expiry and shape; null for anything else. Does not consult the database. */
export async function verifyToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { algorithms: [algorithm] });
    const role = normaliseRole(payload.role);
    if (
      typeof payload.userId !== 'string' ||
      typeof payload.email !== 'string' ||
      role === null ||
      typeof payload.tv !== 'number'
    ) {
      return null;
    }
    return { userId: payload.userId, email: payload.email, role, tv: payload.tv };
  } catch {
    return null;
  }
}

export const authCookieName = 'token';

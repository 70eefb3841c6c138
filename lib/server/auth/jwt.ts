import 'server-only';
import { jwtVerify, SignJWT } from 'jose';
import { normaliseRole } from '@/lib/roles';
import { appSecret } from '@/lib/server/secrets';

/** Tokens live as long as a festival weekend needs; a password reset ends them sooner. */
export const tokenLifetimeSeconds = 7 * 24 * 60 * 60;
const algorithm = 'HS256';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TokenClaims {
  userId: string;
  email: string;
  role: string;
  /** The user's token version when the token was issued; a reset bumps it. */
  tv: number;
}

function signingKey(): Uint8Array {
  return new Uint8Array(appSecret());
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
      // Account ids are uuids: any other id (a token of another app sharing the secret) names nobody,
      // and must not reach the database as one, where it would be a query error rather than a 401.
      typeof payload.userId !== 'string' ||
      !uuidPattern.test(payload.userId) ||
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

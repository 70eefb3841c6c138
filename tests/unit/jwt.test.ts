import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signToken, tokenLifetimeSeconds, verifyToken, type TokenClaims } from '@/lib/server/auth/jwt';

// Every signed-in request is let in on verifyToken's word: these are the tokens it must turn away.
const claims: TokenClaims = {
  userId: '6bbef468-7619-40f2-9f09-697399ed1fd1',
  email: 'asha@example.com',
  role: 'user',
  tv: 3,
};
const appKey = new TextEncoder().encode(process.env.JWT_SECRET);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token made as signToken makes one, with one thing changed. */
function forged(
  change: {
    payload?: Record<string, unknown>;
    alg?: string;
    key?: Uint8Array;
    exp?: number;
    nbf?: number;
  } = {},
) {
  const token = new SignJWT(change.payload ?? { ...claims })
    .setProtectedHeader({ alg: change.alg ?? 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(change.exp ?? nowSeconds() + 3600);
  if (change.nbf !== undefined) token.setNotBefore(change.nbf);
  return token.sign(change.key ?? appKey);
}

describe('verifyToken', () => {
  it("answers the claims of the app's own token, which lives as long as a festival weekend", async () => {
    const token = await signToken(claims);
    expect(await verifyToken(token)).toEqual(claims);
    const { iat, exp } = decodeJwt(token);
    expect(exp! - iat!).toBe(tokenLifetimeSeconds);
    // The same claims forged with the app's key pass too: the check is the signature, not who made it.
    expect(await verifyToken(await forged())).toEqual(claims);
  });

  it('refuses a token signed with another secret', async () => {
    const other = new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256');
    expect(await verifyToken(await forged({ key: other }))).toBeNull();
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const [header, , signature] = (await signToken(claims)).split('.');
    const promoted = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    expect(await verifyToken(`${header}.${promoted}.${signature}`)).toBeNull();
  });

  it('refuses an unsigned token and one signed with another algorithm, even with the right key', async () => {
    const unsigned = new UnsecuredJWT({ ...claims }).setIssuedAt().setExpirationTime('1h').encode();
    expect(await verifyToken(unsigned)).toBeNull();
    expect(await verifyToken(await forged({ alg: 'HS512' }))).toBeNull();
  });

  it('refuses a token past its expiry or before its start', async () => {
    expect(await verifyToken(await forged({ exp: nowSeconds() - 5 }))).toBeNull();
    expect(await verifyToken(await forged({ nbf: nowSeconds() + 600 }))).toBeNull();
  });

  it('refuses a well-signed token whose claims are not an account of this app', async () => {
    const without = (name: keyof TokenClaims) =>
      Object.fromEntries(Object.entries(claims).filter(([key]) => key !== name));
    for (const payload of [
      { ...claims, userId: '42' },
      { ...claims, userId: "6bbef468-7619-40f2-9f09-697399ed1fd1' or 1=1" },
      { ...claims, role: '  ' },
      { ...claims, tv: '3' },
      without('email'),
      without('tv'),
    ]) {
      expect(await verifyToken(await forged({ payload }))).toBeNull();
    }
  });

  it('refuses what is not a token at all', async () => {
    const token = await signToken(claims);
    const cut = token.slice(0, -2); // the signature two characters short
    for (const text of ['', 'token', 'a.b', '..', `${token}.extra`, token.replace(/\./g, ''), cut]) {
      expect(await verifyToken(text)).toBeNull();
    }
  });
});

import { createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden, invalidToken, tokenExpired } from '../../kernel/errors/index.js';
import { TOKEN_ISSUER } from './access-token.js';

const MAX_TOKEN_LENGTH = 4096;

/**
 * The claims of a one-purpose token mailed to a user (a password reset, an invitation, an e-mail verification):
 * the user, their address, and a keyed fingerprint of their stored password hash. Whatever the purpose, the
 * first use changes what the fingerprint was made from (or the user's status), which spends the token.
 */
export type PurposeClaims = { sub: string; email: string; hash: string };

/**
 * The signing key of one purpose's tokens, derived from SECRET for that purpose only: a token of one purpose can
 * never pass as another's, nor as an access token (or the other way round), whatever its claims say.
 */
function purposeKey(secret: string, scope: string): Uint8Array {
  return createHmac('sha256', secret).update(`stratum:${scope}-token`).digest();
}

/**
 * A short fingerprint of the stored password hash (keyed with SECRET, so it tells nothing about the hash).
 * The token carries it: once the password changes, the fingerprint no longer matches and the token is spent.
 */
export function passwordFingerprint(secret: string, storedHash: string | null): string {
  return createHmac('sha256', secret)
    .update(`password:${storedHash ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
}

export function fingerprintMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Signs a token of `scope` (HS256, issuer stratum), valid `ttlSeconds` from `now`. */
export async function signPurposeToken(
  secret: string,
  scope: string,
  claims: PurposeClaims,
  now: Date,
  ttlSeconds: number,
): Promise<string> {
  const { SignJWT } = await import('jose');
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ scope, email: claims.email, hash: claims.hash })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + Math.max(1, Math.floor(ttlSeconds)))
    .setIssuer(TOKEN_ISSUER)
    .sign(purposeKey(secret, scope));
}

/**
 * Verifies a token of `scope` at `now`: a bad signature or shape (or another purpose's key) is 403 INVALID_TOKEN,
 * an expired one 401 TOKEN_EXPIRED, a valid token of another scope or without the claims 403 FORBIDDEN (Directus).
 */
export async function verifyPurposeToken(secret: string, scope: string, token: string, now: Date): Promise<PurposeClaims> {
  if (token.length > MAX_TOKEN_LENGTH) throw invalidToken();
  const { jwtVerify, errors } = await import('jose');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, purposeKey(secret, scope), { algorithms: ['HS256'], issuer: TOKEN_ISSUER, currentDate: now }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw tokenExpired();
    throw invalidToken();
  }
  if (payload.scope !== scope || typeof payload.sub !== 'string' || typeof payload.email !== 'string' || typeof payload.hash !== 'string') {
    throw forbidden();
  }
  return { sub: payload.sub, email: payload.email, hash: payload.hash };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden, invalidToken, tokenExpired } from '../../kernel/errors/index.js';
import { TOKEN_ISSUER } from './access-token.js';

export const RESET_SCOPE = 'password-reset';
/** A reset link works for one day (decisions.md). */
export const RESET_TOKEN_TTL_SECONDS = 24 * 60 * 60;
const MAX_TOKEN_LENGTH = 4096;

export type ResetClaims = { sub: string; email: string; hash: string };

/**
 * The signing key of reset tokens: derived from SECRET for this one purpose, so a reset token can never pass
 * as an access token (or the other way round), whatever its claims say.
 */
function resetKey(secret: string): Uint8Array {
  return createHmac('sha256', secret).update('stratum:password-reset-token').digest();
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

/** Signs a one-time reset token (HS256, scope `password-reset`, valid one day from `now`). */
export async function signResetToken(secret: string, claims: ResetClaims, now: Date): Promise<string> {
  const { SignJWT } = await import('jose');
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ scope: RESET_SCOPE, email: claims.email, hash: claims.hash })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + RESET_TOKEN_TTL_SECONDS)
    .setIssuer(TOKEN_ISSUER)
    .sign(resetKey(secret));
}

/**
 * Verifies a reset token at `now`: a bad signature or shape is 403 INVALID_TOKEN, an expired one 401
 * TOKEN_EXPIRED, a valid token of another scope or without the claims 403 FORBIDDEN (Directus).
 */
export async function verifyResetToken(secret: string, token: string, now: Date): Promise<ResetClaims> {
  if (token.length > MAX_TOKEN_LENGTH) throw invalidToken();
  const { jwtVerify, errors } = await import('jose');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, resetKey(secret), { algorithms: ['HS256'], issuer: TOKEN_ISSUER, currentDate: now }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw tokenExpired();
    throw invalidToken();
  }
  if (
    payload.scope !== RESET_SCOPE ||
    typeof payload.sub !== 'string' ||
    typeof payload.email !== 'string' ||
    typeof payload.hash !== 'string'
  ) {
    throw forbidden();
  }
  return { sub: payload.sub, email: payload.email, hash: payload.hash };
}

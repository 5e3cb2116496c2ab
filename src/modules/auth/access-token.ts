import { errors, jwtVerify, SignJWT } from 'jose';
import { invalidToken, tokenExpired } from '../../kernel/errors/index.js';

export const TOKEN_ISSUER = 'stratum';

export type AccessClaims = {
  id: string;
  role: string | null;
  app_access: boolean;
  admin_access: boolean;
  session?: string;
};

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs an access token (HS256, issuer `stratum`) that expires after `ttlMs`. */
export async function signAccessToken(secret: string, claims: AccessClaims, ttlMs: number, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + Math.ceil(ttlMs / 1000))
    .setIssuer(TOKEN_ISSUER)
    .sign(key(secret));
}

/** Verifies signature (HS256 only; `alg: none` and others refused), issuer and expiry. */
export async function verifyAccessToken(secret: string, token: string, now: Date): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: TOKEN_ISSUER, algorithms: ['HS256'], currentDate: now });
    if (typeof payload.id !== 'string' || !('role' in payload) || typeof payload.app_access !== 'boolean' || typeof payload.admin_access !== 'boolean') {
      throw invalidToken();
    }
    return payload as unknown as AccessClaims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw tokenExpired();
    throw invalidToken();
  }
}

/** Whether a string looks like a JWT of ours (three base64url parts with our issuer), without verifying it. */
export function isOurJwt(token: string): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { iss?: unknown };
    return payload.iss === TOKEN_ISSUER;
  } catch {
    return false;
  }
}

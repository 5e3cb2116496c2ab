import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { CacheRegistry } from '../../kernel/caches/index.js';
import { invalidToken, tokenExpired } from '../../kernel/errors/index.js';

export const TOKEN_ISSUER = 'stratum';

export type AccessClaims = {
  /** The user; absent from a share session's token, which names its share instead. */
  id?: string;
  /** A share session's share (Directus: `share`); then `role` is the share's, app and admin access false. */
  share?: string;
  role: string | null;
  app_access: boolean;
  admin_access: boolean;
  /** Present (true) when a policy enforces two-factor and the user has not set it up (Directus). */
  enforce_tfa?: true;
  session?: string;
  /** The sign-in this token belongs to (`service_sessions.family`), in every mode: `/users/me/sessions` marks it current. */
  sid?: string;
};

const keyOf = (secret: string | KeyObject): KeyObject =>
  typeof secret === 'string' ? createSecretKey(Buffer.from(secret, 'utf8')) : secret;

/** Signs an access token (HS256, issuer `stratum`) that expires after `ttlMs`. */
export async function signAccessToken(secret: string | KeyObject, claims: AccessClaims, ttlMs: number, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  // jose is loaded with the first login: verifying (every request) needs only node:crypto.
  const { SignJWT } = await import('jose');
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + Math.ceil(ttlMs / 1000))
    .setIssuer(TOKEN_ISSUER)
    .sign(keyOf(secret));
}

/** An app's access tokens: signed and verified with its secret, checked tokens remembered in its registry. */
export type AccessTokens = {
  sign(claims: AccessClaims, ttlMs: number, now: Date): Promise<string>;
  /**
   * Verifies an access token: HS256 only (`alg: none` and every other algorithm refused), the signature compared
   * in constant time with the key made once, then issuer, expiry and the claim types. Written on node:crypto
   * rather than jose's `jwtVerify`, which imports the key through WebCrypto on every call (three times the cost of
   * the check itself); see docs/decisions/0007-access-token-verification.md.
   */
  verify(token: string, now: Date): Promise<AccessClaims>;
  /** Whether a string looks like a JWT of ours (three base64url parts with our issuer), without verifying it. */
  isOurJwt(token: string): boolean;
};

type Payload = AccessClaims & { exp: number; nbf?: number };

/** Most verified tokens remembered (an entry is only ever added after its token verified). */
const MAX_VERIFIED = 10_000;

/**
 * The access tokens of one app instance (decision 0050): its key is made once (importing a key costs more than
 * the HMAC itself), and two registry caches spare the repeated work: header texts seen to be HS256, and tokens
 * whose signature and claims were checked (the same token comes with every request of a session, so a repeat
 * costs a look-up; only the times are checked again).
 */
export function createAccessTokens(secret: string, caches: CacheRegistry): AccessTokens {
  const key = keyOf(secret);
  const headers = caches.lru<string, true>('auth.token-headers', { max: 16 });
  const verified = caches.lru<string, Payload>('auth.verified-tokens', { max: MAX_VERIFIED });

  /** Whether a base64url JWT header names exactly HS256 (with an optional `typ: JWT`). */
  const isHs256Header = (encoded: string): boolean => {
    if (headers.get(encoded)) return true;
    try {
      const header = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Record<string, unknown>;
      const names = Object.keys(header);
      const ok =
        header.alg === 'HS256' && (header.typ === undefined || header.typ === 'JWT') && names.every((k) => k === 'alg' || k === 'typ');
      if (ok) headers.set(encoded, true);
      return ok;
    } catch {
      return false;
    }
  };

  return {
    sign: (claims, ttlMs, now) => signAccessToken(key, claims, ttlMs, now),
    async verify(token, now) {
      const remembered = verified.get(token);
      if (remembered) return checkTimes(remembered, now);
      const parts = token.split('.');
      if (parts.length !== 3 || !isHs256Header(parts[0]!)) throw invalidToken();
      // Compared as text: base64url has spare bits, so two signature strings can decode to the same bytes.
      const expected = Buffer.from(createHmac('sha256', key).update(`${parts[0]}.${parts[1]}`).digest('base64url'));
      const given = Buffer.from(parts[2]!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidToken();
      const claims = checkedPayload(parts[1]!);
      const claimsOk = checkTimes(claims, now);
      verified.set(token, claims);
      return claimsOk;
    },
    isOurJwt(token) {
      if (verified.has(token)) return true;
      const parts = token.split('.');
      if (parts.length !== 3) return false;
      try {
        const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { iss?: unknown };
        return payload.iss === TOKEN_ISSUER;
      } catch {
        return false;
      }
    },
  };
}

/** The payload of a token whose signature held, if its issuer and claim types are right (frozen). */
function checkedPayload(encoded: string): Payload {
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw invalidToken();
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) throw invalidToken();
  if (payload.iss !== TOKEN_ISSUER) throw invalidToken();
  if (typeof payload.exp !== 'number') throw invalidToken();
  if (payload.nbf !== undefined && typeof payload.nbf !== 'number') throw invalidToken();
  if (
    // A user's token names the user; a share session's names the share instead (never both).
    (typeof payload.id === 'string') === (typeof payload.share === 'string') ||
    !('role' in payload) ||
    typeof payload.app_access !== 'boolean' ||
    typeof payload.admin_access !== 'boolean'
  ) {
    throw invalidToken();
  }
  return Object.freeze(payload) as Payload;
}

function checkTimes(claims: Payload, now: Date): AccessClaims {
  const seconds = now.getTime() / 1000;
  if (claims.nbf !== undefined && claims.nbf > seconds) throw invalidToken();
  if (claims.exp <= seconds) throw tokenExpired();
  return claims;
}

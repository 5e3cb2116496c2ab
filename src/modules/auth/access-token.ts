import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { invalidToken, tokenExpired } from '../../kernel/errors/index.js';

export const TOKEN_ISSUER = 'stratum';

export type AccessClaims = {
  id: string;
  role: string | null;
  app_access: boolean;
  admin_access: boolean;
  /** Present (true) when a policy enforces two-factor and the user has not set it up (Directus). */
  enforce_tfa?: true;
  session?: string;
  /** The sign-in this token belongs to (`service_sessions.family`), in every mode: `/users/me/sessions` marks it current. */
  sid?: string;
};

/** Keys made once per secret: importing a key costs more than the HMAC itself. */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    if (keys.size > 8) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/** Signs an access token (HS256, issuer `stratum`) that expires after `ttlMs`. */
export async function signAccessToken(secret: string, claims: AccessClaims, ttlMs: number, now: Date): Promise<string> {
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

const HS256_HEADERS = new Set<string>();

/** Whether a base64url JWT header names exactly HS256 (with an optional `typ: JWT`), remembered per header text. */
function isHs256Header(encoded: string): boolean {
  if (HS256_HEADERS.has(encoded)) return true;
  try {
    const header = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Record<string, unknown>;
    const keys = Object.keys(header);
    const ok =
      header.alg === 'HS256' && (header.typ === undefined || header.typ === 'JWT') && keys.every((k) => k === 'alg' || k === 'typ');
    if (ok && HS256_HEADERS.size < 16) HS256_HEADERS.add(encoded);
    return ok;
  } catch {
    return false;
  }
}

/**
 * Verifies an access token: HS256 only (`alg: none` and every other algorithm refused), the signature compared in
 * constant time with a key made once, then issuer, expiry and the claim types. Written on node:crypto rather than
 * jose's `jwtVerify`, which imports the key through WebCrypto on every call (three times the cost of the check
 * itself); see docs/decisions/0007-access-token-verification.md.
 */
export async function verifyAccessToken(secret: string, token: string, now: Date): Promise<AccessClaims> {
  const remembered = verified.get(secret)?.get(token);
  if (remembered) return checkTimes(remembered, now);
  const parts = token.split('.');
  if (parts.length !== 3 || !isHs256Header(parts[0]!)) throw invalidToken();
  // Compared as text: base64url has spare bits, so two signature strings can decode to the same bytes.
  const expected = Buffer.from(createHmac('sha256', keyOf(secret)).update(`${parts[0]}.${parts[1]}`).digest('base64url'));
  const given = Buffer.from(parts[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidToken();
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw invalidToken();
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) throw invalidToken();
  if (payload.iss !== TOKEN_ISSUER) throw invalidToken();
  if (typeof payload.exp !== 'number') throw invalidToken();
  if (payload.nbf !== undefined && typeof payload.nbf !== 'number') throw invalidToken();
  if (
    typeof payload.id !== 'string' ||
    !('role' in payload) ||
    typeof payload.app_access !== 'boolean' ||
    typeof payload.admin_access !== 'boolean'
  ) {
    throw invalidToken();
  }
  const claims = Object.freeze(payload) as Payload;
  const claimsOk = checkTimes(claims, now);
  remember(secret, token, claims);
  return claimsOk;
}

type Payload = AccessClaims & { exp: number; nbf?: number };

/**
 * Tokens whose signature and claims were checked, per secret: the same token comes with every request of a
 * session, so a repeat costs a map look-up instead of the HMAC and two decodes. Only the times are checked
 * again. Bounded: cleared when full (a token is only ever added after it verified).
 */
const verified = new Map<string, Map<string, Payload>>();
const MAX_VERIFIED = 10_000;

function remember(secret: string, token: string, claims: Payload): void {
  let tokens = verified.get(secret);
  if (!tokens) {
    if (verified.size > 8) verified.clear();
    tokens = new Map();
    verified.set(secret, tokens);
  }
  if (tokens.size >= MAX_VERIFIED) tokens.clear();
  tokens.set(token, claims);
}

function checkTimes(claims: Payload, now: Date): AccessClaims {
  const seconds = now.getTime() / 1000;
  if (claims.nbf !== undefined && claims.nbf > seconds) throw invalidToken();
  if (claims.exp <= seconds) throw tokenExpired();
  return claims;
}

/** Whether a string looks like a JWT of ours (three base64url parts with our issuer), without verifying it. */
export function isOurJwt(token: string): boolean {
  for (const tokens of verified.values()) if (tokens.has(token)) return true;
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { iss?: unknown };
    return payload.iss === TOKEN_ISSUER;
  } catch {
    return false;
  }
}

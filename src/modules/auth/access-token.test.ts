import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createCacheRegistry } from '../../kernel/caches/index.js';
import { createAccessTokens, signAccessToken, TOKEN_ISSUER } from './access-token.js';

const SECRET = 'a-secret-long-enough-for-hs256-tokens';
const CLAIMS = { id: 'u1', role: 'r1', app_access: true, admin_access: false };
const NOW = new Date('2026-11-24T10:00:00Z');
/** An app's tokens over `secret`, with a registry of its own. */
const tokensOf = (secret: string) => createAccessTokens(secret, createCacheRegistry());
const verifyAccessToken = (secret: string, token: string, now: Date) => tokensOf(secret).verify(token, now);
const codeOf = (fn: () => Promise<unknown>) =>
  fn().then(
    () => 'accepted',
    (error: { code?: string }) => error.code,
  );

/** Signs arbitrary header and payload objects with HS256 over the secret, as a forger who knows it would. */
function handMade(header: object, payload: object, secret = SECRET): string {
  const h = Buffer.from(JSON.stringify(header)).toString('base64url');
  const p = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const s = createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url');
  return `${h}.${p}.${s}`;
}

describe('access tokens', () => {
  it('round-trips the claims of a token it signed', async () => {
    const token = await signAccessToken(SECRET, CLAIMS, 15 * 60_000, NOW);
    expect(tokensOf(SECRET).isOurJwt(token)).toBe(true);
    expect(tokensOf(SECRET).isOurJwt('a.b.c')).toBe(false);
    expect(await verifyAccessToken(SECRET, token, NOW)).toMatchObject({ ...CLAIMS, iss: TOKEN_ISSUER });
  });

  it('answers TOKEN_EXPIRED once the expiry has passed, and not before', async () => {
    const token = await signAccessToken(SECRET, CLAIMS, 60_000, NOW);
    expect(await codeOf(() => verifyAccessToken(SECRET, token, new Date(NOW.getTime() + 59_000)))).toBe('accepted');
    expect(await codeOf(() => verifyAccessToken(SECRET, token, new Date(NOW.getTime() + 60_000)))).toBe('TOKEN_EXPIRED');
  });

  it('remembers a verified token, and still checks its times at every use', async () => {
    const seconds = NOW.getTime() / 1000;
    const token = handMade({ alg: 'HS256', typ: 'JWT' }, { ...CLAIMS, iss: TOKEN_ISSUER, nbf: seconds + 10, exp: seconds + 60 });
    const at = (s: number) => new Date(NOW.getTime() + s * 1000);
    const caches = createCacheRegistry();
    const tokens = createAccessTokens(SECRET, caches);
    const remembered = () => caches.list().find((cache) => cache.name === 'auth.verified-tokens')!;
    expect(await codeOf(() => tokens.verify(token, at(5)))).toBe('INVALID_TOKEN');
    expect(remembered()).toMatchObject({ size: 0, hits: 0, misses: 1 });
    const claims = await tokens.verify(token, at(20));
    expect(Object.isFrozen(claims)).toBe(true);
    expect(await tokens.verify(token, at(30))).toEqual(claims);
    expect(remembered()).toMatchObject({ size: 1, hits: 1, misses: 2 });
    expect(await codeOf(() => tokens.verify(token, at(5)))).toBe('INVALID_TOKEN');
    expect(await codeOf(() => tokens.verify(token, at(60)))).toBe('TOKEN_EXPIRED');
    expect(await codeOf(() => verifyAccessToken('another-secret-entirely-different', token, at(20)))).toBe('INVALID_TOKEN');
  });

  it('refuses another secret, a changed payload and every respelling of the signature', async () => {
    const token = await signAccessToken(SECRET, CLAIMS, 60_000, NOW);
    expect(await codeOf(() => verifyAccessToken('another-secret-entirely-different', token, NOW))).toBe('INVALID_TOKEN');
    const [h, p, s] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), admin_access: true })).toString(
      'base64url',
    );
    expect(await codeOf(() => verifyAccessToken(SECRET, `${h}.${forged}.${s}`, NOW))).toBe('INVALID_TOKEN');
    // The last base64url character of a 32-byte signature carries 2 spare bits: its neighbours decode alike.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(s.at(-1)!);
    for (const other of [last ^ 1, last ^ 2, last ^ 3]) {
      expect(await codeOf(() => verifyAccessToken(SECRET, `${h}.${p}.${s.slice(0, -1)}${alphabet[other]}`, NOW))).toBe('INVALID_TOKEN');
    }
  });

  it('refuses alg none, other algorithms and extra header fields, even with a valid HMAC', async () => {
    const payload = { ...CLAIMS, iss: TOKEN_ISSUER, exp: NOW.getTime() / 1000 + 60 };
    const unsecured = new UnsecuredJWT(payload).encode();
    expect(await codeOf(() => verifyAccessToken(SECRET, unsecured, NOW))).toBe('INVALID_TOKEN');
    expect(await codeOf(() => verifyAccessToken(SECRET, handMade({ alg: 'none' }, payload), NOW))).toBe('INVALID_TOKEN');
    expect(await codeOf(() => verifyAccessToken(SECRET, handMade({ alg: 'HS512' }, payload), NOW))).toBe('INVALID_TOKEN');
    expect(await codeOf(() => verifyAccessToken(SECRET, handMade({ alg: 'HS256', kid: 'x' }, payload), NOW))).toBe('INVALID_TOKEN');
    expect(await codeOf(() => verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, payload), NOW))).toBe('accepted');
  });

  it('refuses a foreign issuer, missing or mistyped claims, a future nbf and garbage', async () => {
    const exp = NOW.getTime() / 1000 + 60;
    const base = { ...CLAIMS, iss: TOKEN_ISSUER, exp };
    const refused = [
      { ...base, iss: 'directus' },
      { ...CLAIMS, exp },
      { ...base, exp: 'soon' },
      { ...base, id: 7 },
      { ...base, admin_access: 'true' },
      { ...base, nbf: exp },
    ];
    for (const payload of refused)
      expect(await codeOf(() => verifyAccessToken(SECRET, handMade({ alg: 'HS256', typ: 'JWT' }, payload), NOW))).toBe('INVALID_TOKEN');
    const jose = await new SignJWT(base).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SECRET));
    expect(await codeOf(() => verifyAccessToken(SECRET, jose, NOW))).toBe('accepted');
    for (const garbage of ['', 'a.b', 'a.b.c', '...', `${'x'.repeat(5000)}.y.z`]) {
      expect(await codeOf(() => verifyAccessToken(SECRET, garbage, NOW))).toBe('INVALID_TOKEN');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isAppError } from '../../kernel/errors/index.js';
import { createCacheRegistry } from '../../kernel/caches/index.js';
import { createAccessTokens, signAccessToken } from './access-token.js';
import { fingerprintMatches, passwordFingerprint, signResetToken, verifyResetToken } from './reset-token.js';

const SECRET = 'reset-token-test-secret-0123456789';
const NOW = new Date('2026-03-01T12:00:00Z');
const CLAIMS = { sub: '5b0c3c2e-1111-4222-8333-944455556666', email: 'ada@example.com', hash: 'fingerprint' };

async function codeOf(work: Promise<unknown>): Promise<string | null> {
  try {
    await work;
    return null;
  } catch (error) {
    return isAppError(error) ? error.code : 'NOT_AN_APP_ERROR';
  }
}

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

describe('reset tokens', () => {
  it('round-trips the claims with scope password-reset, valid one day', async () => {
    const token = await signResetToken(SECRET, CLAIMS, NOW);
    expect(await verifyResetToken(SECRET, token, NOW)).toEqual(CLAIMS);
    const payload = payloadOf(token);
    expect(payload).toMatchObject({ scope: 'password-reset', iss: 'stratum', sub: CLAIMS.sub });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(86_400);
  });

  it('answers 401 TOKEN_EXPIRED after a day and accepts it just before', async () => {
    const token = await signResetToken(SECRET, CLAIMS, NOW);
    expect(await codeOf(verifyResetToken(SECRET, token, new Date(NOW.getTime() + 86_399_000)))).toBeNull();
    expect(await codeOf(verifyResetToken(SECRET, token, new Date(NOW.getTime() + 86_400_000)))).toBe('TOKEN_EXPIRED');
  });

  it('answers 403 INVALID_TOKEN for another secret, a changed payload, garbage and alg none', async () => {
    const token = await signResetToken(SECRET, CLAIMS, NOW);
    expect(await codeOf(verifyResetToken('another-secret-0123456789abcdef', token, NOW))).toBe('INVALID_TOKEN');
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...payloadOf(token), sub: 'someone-else' })).toString('base64url');
    expect(await codeOf(verifyResetToken(SECRET, `${header}.${forged}.${signature}`, NOW))).toBe('INVALID_TOKEN');
    expect(await codeOf(verifyResetToken(SECRET, 'not-a-token', NOW))).toBe('INVALID_TOKEN');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await codeOf(verifyResetToken(SECRET, `${none}.${token.split('.')[1]}.`, NOW))).toBe('INVALID_TOKEN');
  });

  it('never takes an access token for a reset token, nor the other way round', async () => {
    const access = await signAccessToken(SECRET, { id: CLAIMS.sub, role: null, app_access: false, admin_access: false }, 60_000, NOW);
    expect(await codeOf(verifyResetToken(SECRET, access, NOW))).toBe('INVALID_TOKEN');
    const reset = await signResetToken(SECRET, CLAIMS, NOW);
    expect(await codeOf(createAccessTokens(SECRET, createCacheRegistry()).verify(reset, NOW))).toBe('INVALID_TOKEN');
  });

  it('answers 403 FORBIDDEN for a valid token of another scope', async () => {
    const { SignJWT } = await import('jose');
    const { createHmac } = await import('node:crypto');
    const key = createHmac('sha256', SECRET).update('stratum:password-reset-token').digest();
    const token = await new SignJWT({ scope: 'invite', email: CLAIMS.email, hash: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(CLAIMS.sub)
      .setIssuer('stratum')
      .setExpirationTime('1h')
      .sign(key);
    expect(await codeOf(verifyResetToken(SECRET, token, new Date()))).toBe('FORBIDDEN');
  });
});

describe('passwordFingerprint', () => {
  it('changes with the stored hash and with the secret, and does not contain the hash', () => {
    const a = passwordFingerprint(SECRET, '$argon2id$v=19$m=65536,t=3,p=4$aaa$bbb');
    expect(a).toHaveLength(22);
    expect(a).toBe(passwordFingerprint(SECRET, '$argon2id$v=19$m=65536,t=3,p=4$aaa$bbb'));
    expect(a).not.toBe(passwordFingerprint(SECRET, '$argon2id$v=19$m=65536,t=3,p=4$aaa$ccc'));
    expect(a).not.toBe(passwordFingerprint('other-secret', '$argon2id$v=19$m=65536,t=3,p=4$aaa$bbb'));
    expect(passwordFingerprint(SECRET, null)).toBe(passwordFingerprint(SECRET, ''));
    expect(fingerprintMatches(a, a)).toBe(true);
    expect(fingerprintMatches(a, a.slice(1))).toBe(false);
  });
});

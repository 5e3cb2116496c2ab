import { describe, expect, it } from 'vitest';
import { isAppError } from '../../kernel/errors/index.js';
import { signPurposeToken, verifyPurposeToken } from './purpose-token.js';

const SECRET = 'purpose-token-test-secret-0123456789';
const NOW = new Date('2026-03-01T12:00:00Z');
const CLAIMS = { sub: '5b0c3c2e-1111-4222-8333-944455556666', email: 'ada@example.com', hash: 'fingerprint' };
const WEEK = 7 * 86_400;

async function codeOf(work: Promise<unknown>): Promise<string | null> {
  try {
    await work;
    return null;
  } catch (error) {
    return isAppError(error) ? error.code : 'NOT_AN_APP_ERROR';
  }
}

describe('purpose tokens', () => {
  it('round-trip within their lifetime and expire after it (401 TOKEN_EXPIRED)', async () => {
    const token = await signPurposeToken(SECRET, 'invite', CLAIMS, NOW, WEEK);
    expect(await verifyPurposeToken(SECRET, 'invite', token, new Date(NOW.getTime() + WEEK * 1000 - 1000))).toEqual(CLAIMS);
    expect(await codeOf(verifyPurposeToken(SECRET, 'invite', token, new Date(NOW.getTime() + WEEK * 1000)))).toBe('TOKEN_EXPIRED');
  });

  it('are never taken for another purpose (each has its own key): 403 INVALID_TOKEN', async () => {
    const invite = await signPurposeToken(SECRET, 'invite', CLAIMS, NOW, WEEK);
    expect(await codeOf(verifyPurposeToken(SECRET, 'pending-registration', invite, NOW))).toBe('INVALID_TOKEN');
    expect(await codeOf(verifyPurposeToken(SECRET, 'password-reset', invite, NOW))).toBe('INVALID_TOKEN');
    expect(await codeOf(verifyPurposeToken(`${SECRET}x`, 'invite', invite, NOW))).toBe('INVALID_TOKEN');
    expect(await codeOf(verifyPurposeToken(SECRET, 'invite', 'x'.repeat(5000), NOW))).toBe('INVALID_TOKEN');
  });
});

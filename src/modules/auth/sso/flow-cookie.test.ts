import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../access-token.js';
import { openFlow, sealFlow, type SsoFlow } from './flow-cookie.js';

const SECRET = 'flow-cookie-test-secret';
const NOW = new Date('2026-11-24T10:00:00Z');
const FLOW: SsoFlow = {
  provider: 'corp',
  state: 'state-1',
  codeVerifier: 'verifier-1',
  nonce: 'nonce-1',
  redirect: 'https://app.example.com/x',
  mode: 'session',
  otp: '123456',
};

async function code(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe('flow cookie', () => {
  it('opens what it sealed, and hides the verifier and state', async () => {
    const sealed = await sealFlow(SECRET, FLOW, NOW);
    expect(sealed).not.toContain('verifier-1');
    expect(Buffer.from(sealed.split('.')[3] ?? '', 'base64url').toString()).not.toContain('state-1');
    expect(Buffer.from(sealed.split('.')[3] ?? '', 'base64url').toString()).not.toContain('123456');
    expect(await openFlow(SECRET, 'corp', sealed, new Date(NOW.getTime() + 299_000))).toEqual(FLOW);
  });

  it('refuses a missing, altered, expired, foreign or other-provider cookie with INVALID_CREDENTIALS', async () => {
    const sealed = await sealFlow(SECRET, FLOW, NOW);
    const parts = sealed.split('.');
    const altered = [...parts.slice(0, 3), `${parts[3]!.slice(0, -2)}AA`, parts[4]].join('.');
    const accessToken = await signAccessToken(SECRET, { id: 'u', role: null, app_access: false, admin_access: false }, 60_000, NOW);
    expect(await code(openFlow(SECRET, 'corp', undefined, NOW))).toBe('INVALID_CREDENTIALS');
    expect(await code(openFlow(SECRET, 'corp', altered, NOW))).toBe('INVALID_CREDENTIALS');
    expect(await code(openFlow(SECRET, 'corp', sealed, new Date(NOW.getTime() + 301_000)))).toBe('INVALID_CREDENTIALS');
    expect(await code(openFlow('another-secret', 'corp', sealed, NOW))).toBe('INVALID_CREDENTIALS');
    expect(await code(openFlow(SECRET, 'other', sealed, NOW))).toBe('INVALID_CREDENTIALS');
    expect(await code(openFlow(SECRET, 'corp', accessToken, NOW))).toBe('INVALID_CREDENTIALS');
  });
});

import { customEndpoint, disableTwoFactor, enableTwoFactor, generateTwoFactorSecret } from '@directus/sdk';
import { renderSVG } from 'uqr';
import type { Client } from '../api/client.js';
import { readMyGlobals } from '../api/shared-reads.js';

export async function generateSecret(client: Client, password: string): Promise<{ secret: string; otpauth_url: string }> {
  return (await client.request(generateTwoFactorSecret(password))) as { secret: string; otpauth_url: string };
}

/** Turns two-factor on; Stratum answers the ten recovery codes, shown once (Directus answers 204: none). */
export async function enable(client: Client, secret: string, otp: string): Promise<string[]> {
  const answer = (await client.request(enableTwoFactor(secret, otp))) as { recovery_codes?: string[] } | Response | undefined;
  return answer && 'recovery_codes' in answer && Array.isArray(answer.recovery_codes) ? answer.recovery_codes : [];
}

export async function disable(client: Client, otp: string): Promise<void> {
  await client.request(disableTwoFactor(otp));
}

/**
 * New recovery codes for the current code of the authenticator app (not a recovery code); the old ones stop
 * working. Beyond Directus, so the SDK's request() with a path.
 */
export async function newRecoveryCodes(client: Client, otp: string): Promise<string[]> {
  const answer = await client.request(
    customEndpoint<{ recovery_codes?: string[] }>({ path: '/users/me/tfa/recovery-codes', method: 'POST', body: JSON.stringify({ otp }) }),
  );
  return Array.isArray(answer?.recovery_codes) ? answer.recovery_codes : [];
}

/** Whether the user's policies require two-factor and it is not set up yet (`enforce_tfa` of /policies/me/globals). */
export async function mustSetUpTwoFactor(client: Client): Promise<boolean> {
  return (await readMyGlobals(client)).enforce_tfa === true;
}

/** The QR code of an otpauth:// URL as an SVG data URL (the CSP allows data: images, not inline markup). */
export function qrCodeDataUrl(otpauthUrl: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(otpauthUrl, { border: 2 }))}`;
}

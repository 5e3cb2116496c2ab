import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** Directus's (and every authenticator app's) parameters: SHA-1, six digits, a new code every 30 seconds. */
const PERIOD = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';
/** One step either side of now is accepted (clock drift, a code typed as it changes). */
const WINDOW = 1;
const RANDOM_BYTES = 10;
const SECRET_BASE32 = /^[A-Z2-7]{32}$/;

function binding(serverSecret: string, userId: string, random: Buffer): Buffer {
  return createHmac('sha256', serverSecret).update(`stratum:tfa-secret:${userId}:`).update(random).digest().subarray(0, RANDOM_BYTES);
}

/**
 * A new TOTP secret for a user (base32, 20 bytes): ten random bytes followed by ten bytes keyed with `SECRET`
 * and the user's id. Enabling accepts only a secret made this way for the same user, so a client (or a stolen
 * access token) cannot bring a secret of its own, and a secret generated for one user is useless to another.
 */
export function createTotpSecret(serverSecret: string, userId: string): string {
  const random = randomBytes(RANDOM_BYTES);
  const bytes = new Uint8Array(Buffer.concat([random, binding(serverSecret, userId, random)]));
  return new Secret({ buffer: bytes.buffer }).base32;
}

/** Whether `secret` is one createTotpSecret made for this user (with this SECRET). */
export function isIssuedTotpSecret(serverSecret: string, userId: string, secret: string): boolean {
  if (!SECRET_BASE32.test(secret)) return false;
  const bytes = Buffer.from(Secret.fromBase32(secret).bytes);
  if (bytes.length !== RANDOM_BYTES * 2) return false;
  return timingSafeEqual(bytes.subarray(RANDOM_BYTES), binding(serverSecret, userId, bytes.subarray(0, RANDOM_BYTES)));
}

function totpOf(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: ALGORITHM, digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** The `otpauth://totp/<issuer>:<label>?…` URI authenticator apps read (usually from a QR code). */
export function otpauthUrl(secret: string, issuer: string, label: string): string {
  return totpOf(secret, issuer, label).toString();
}

/**
 * The time step (30-second counter) whose code `otp` is, within one step of `now`, or null. A malformed code
 * (not six digits) or a malformed secret is simply no match.
 */
export function matchTotp(secret: string, otp: string, now: Date): number | null {
  if (!/^\d{6}$/.test(otp) || !/^[A-Z2-7]+=*$/i.test(secret)) return null;
  const timestamp = now.getTime();
  const delta = totpOf(secret).validate({ token: otp, timestamp, window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD, timestamp }) + delta;
}

/** The code of `secret` at `now` (tests and tooling; the server itself only verifies). */
export function totpAt(secret: string, now: Date): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}

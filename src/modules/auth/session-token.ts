import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A new refresh token: 64 URL-safe characters. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(48).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The token a refresh token is rotated into: derived from it with the server secret, so a concurrent reuse
 * inside the grace period gets the same successor without the successor ever being stored in clear.
 */
export function rotateToken(secret: string, token: string): string {
  return createHmac('sha512', secret).update(`refresh:${token}`).digest('base64url').slice(0, 64);
}

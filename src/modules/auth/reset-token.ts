import { signPurposeToken, verifyPurposeToken, type PurposeClaims } from './purpose-token.js';

export { fingerprintMatches, passwordFingerprint } from './purpose-token.js';

export const RESET_SCOPE = 'password-reset';
/** A reset link works for one day (decisions.md). */
export const RESET_TOKEN_TTL_SECONDS = 24 * 60 * 60;

export type ResetClaims = PurposeClaims;

/** Signs a one-time reset token (HS256, scope `password-reset`, valid one day from `now`). */
export function signResetToken(secret: string, claims: ResetClaims, now: Date): Promise<string> {
  return signPurposeToken(secret, RESET_SCOPE, claims, now, RESET_TOKEN_TTL_SECONDS);
}

/**
 * Verifies a reset token at `now`: a bad signature or shape is 403 INVALID_TOKEN, an expired one 401
 * TOKEN_EXPIRED, a valid token of another scope or without the claims 403 FORBIDDEN (Directus).
 */
export function verifyResetToken(secret: string, token: string, now: Date): Promise<ResetClaims> {
  return verifyPurposeToken(secret, RESET_SCOPE, token, now);
}

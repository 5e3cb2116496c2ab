import { createHash, randomBytes } from 'node:crypto';

/** How many recovery codes a user gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** Crockford-style base32 without the look-alikes 0/o, 1/l/i: 5 bits a character. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * Ten new recovery codes, `xxxx-xxxx-xxxx-xxxx` (16 characters from a 31-letter alphabet, about 79 bits each).
 * With that much entropy a fast hash is safe to store them with (as refresh tokens are); see
 * docs/decisions/0011-two-factor-authentication.md.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    while (code.length < 16) {
      for (const byte of randomBytes(32)) {
        // Rejection sampling keeps every character equally likely (248 = 8 × 31).
        if (byte < 248 && code.length < 16) code += ALPHABET[byte % ALPHABET.length];
      }
    }
    return code.match(/.{4}/g)!.join('-');
  });
}

/** A code as typed: case, spaces and dashes do not matter. */
function normalise(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Whether a string has the shape of a recovery code (rather than a six-digit one-time password). */
export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{16}$/.test(normalise(code));
}

/** The SHA-256 hash a recovery code is stored as (`service_users.tfa_recovery_codes`, a JSON array). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(`stratum:recovery-code:${normalise(code)}`)
    .digest('hex');
}

/** The stored hashes from the column's value (null, malformed: none). */
export function storedRecoveryHashes(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

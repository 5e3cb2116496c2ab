import { invalidPayload } from '../../kernel/errors/index.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;

/** An e-mail address trimmed and lower-cased, as users store it; 400 INVALID_PAYLOAD when it is not one. */
export function normalizedEmail(email: string, field = 'email'): string {
  const address = email.trim().toLowerCase();
  if (address.length > MAX_EMAIL_LENGTH || !EMAIL.test(address)) throw invalidPayload(`"${field}" must be a valid email`);
  return address;
}

import { failedValidation } from '../errors/index.js';

/**
 * Throws 400 FAILED_VALIDATION on the field `password` when a new password does not match AUTH_PASSWORD_POLICY
 * (Directus answers a policy miss the same way, on every path that sets a password). No policy accepts any.
 */
export function assertPasswordPolicy(policy: RegExp | null, password: string): void {
  if (policy === null) return;
  // A sticky or global expression keeps lastIndex between calls (and the config is frozen): test a fresh copy.
  const pattern = policy.global || policy.sticky ? new RegExp(policy) : policy;
  if (pattern.test(password)) return;
  throw failedValidation({ field: 'password', type: 'regex', detail: "Provided password doesn't match the password policy." });
}

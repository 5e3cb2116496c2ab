import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors/index.js';
import { assertPasswordPolicy } from './password-policy.js';

const errorOf = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (error) {
    return error;
  }
};

describe('assertPasswordPolicy', () => {
  it('accepts anything without a policy', () => {
    expect(errorOf(() => assertPasswordPolicy(null, 'x'))).toBeNull();
  });

  it('accepts a matching password and refuses another with 400 FAILED_VALIDATION on "password"', () => {
    const policy = /^(?=.*\d).{8,}$/;
    expect(errorOf(() => assertPasswordPolicy(policy, 'long enough 1'))).toBeNull();
    const error = errorOf(() => assertPasswordPolicy(policy, 'short1'));
    expect(isAppError(error)).toBe(true);
    if (!isAppError(error)) return;
    expect(error.status).toBe(400);
    expect(error.code).toBe('FAILED_VALIDATION');
    expect(error.message).toBe('Validation failed for field "password". Provided password doesn\'t match the password policy.');
    expect(error.extensions).toMatchObject({ field: 'password', type: 'regex' });
  });

  it('gives the same answer every time with a sticky expression, frozen as the config is', () => {
    const policy = Object.freeze(/.{8,}/y);
    for (let i = 0; i < 3; i++) expect(errorOf(() => assertPasswordPolicy(policy, 'abcdefghij'))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { resetMessage } from './reset-password-page.js';

const apiError = (status: number, code: string, message = 'x') => ({ errors: [{ message, extensions: { code } }], response: { status } });

describe('resetMessage', () => {
  it('says plainly when a link expired, was used, or is not valid', () => {
    expect(resetMessage(apiError(401, 'TOKEN_EXPIRED')).text).toMatch(/^This link has expired/);
    expect(resetMessage(apiError(403, 'FORBIDDEN')).text).toMatch(/^This link was already used/);
    expect(resetMessage(apiError(403, 'INVALID_TOKEN')).text).toMatch(/^This link is not valid/);
  });

  it('puts a password-policy refusal on the password field, in the API’s words', () => {
    expect(
      resetMessage(
        apiError(400, 'FAILED_VALIDATION', 'Validation failed for field "password". Provided password doesn\'t match the password policy.'),
      ),
    ).toEqual({
      field: 'password',
      text: "Provided password doesn't match the password policy.",
    });
  });
});

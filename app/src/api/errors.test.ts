import { describe, expect, it } from 'vitest';
import { errorCode, errorStatus, requestMessage, signInMessage } from './errors.js';

const apiError = (status: number, code: string, message = 'x') => ({ errors: [{ message, extensions: { code } }], response: { status } });

describe('signInMessage', () => {
  it.each([
    ['wrong password', apiError(401, 'INVALID_CREDENTIALS'), 'Wrong email or password.'],
    ['throttled', apiError(429, 'REQUESTS_EXCEEDED'), 'Too many sign-in attempts. Wait a few minutes, then try again.'],
    ['suspended', apiError(401, 'USER_SUSPENDED'), 'This account is suspended. Ask an administrator to re-activate it.'],
    ['network failure', new TypeError('Failed to fetch'), 'The server cannot be reached. Check your connection and try again.'],
  ])('explains %s', (_name, error, expected) => {
    expect(signInMessage(error)).toBe(expected);
  });

  it('reads the code and status of an SDK error', () => {
    expect(errorCode(apiError(401, 'INVALID_OTP'))).toBe('INVALID_OTP');
    expect(errorStatus(apiError(401, 'INVALID_OTP'))).toBe(401);
    expect(errorCode('nope')).toBeNull();
  });
});

describe('requestMessage', () => {
  it('says a 403 is a missing permission and otherwise repeats the API', () => {
    expect(requestMessage(apiError(403, 'FORBIDDEN'))).toBe('You do not have permission to see this.');
    expect(requestMessage(apiError(400, 'INVALID_QUERY', 'Bad sort'))).toBe('Bad sort');
    expect(requestMessage(apiError(401, 'TOKEN_EXPIRED'))).toBe('Your session has ended. Reload the page to sign in again.');
  });
});

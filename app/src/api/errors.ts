import { t } from '../i18n/t.js';
/** What the SDK throws for an error answer: `{ errors: [{ message, extensions: { code } }], response }`. */
type SdkError = { errors?: unknown; response?: { status?: number } };

/** The API error code of a failed SDK call (`INVALID_CREDENTIALS`, …), or null. */
export function errorCode(error: unknown): string | null {
  const errors = (error as SdkError | null)?.errors;
  if (!Array.isArray(errors)) return null;
  const first = errors[0] as { extensions?: { code?: unknown } } | undefined;
  return typeof first?.extensions?.code === 'string' ? first.extensions.code : null;
}

/** The HTTP status of a failed SDK call, or null (network failure). */
export function errorStatus(error: unknown): number | null {
  const status = (error as SdkError | null)?.response?.status;
  return typeof status === 'number' ? status : null;
}

/** The API's own message of a failed SDK call, or null. */
export function errorMessage(error: unknown): string | null {
  const errors = (error as SdkError | null)?.errors;
  if (!Array.isArray(errors)) return null;
  const message = (errors[0] as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : null;
}

/** The sentence the sign-in page shows for a failed login. */
export function signInMessage(error: unknown): string {
  const code = errorCode(error);
  const status = errorStatus(error);
  if (code === 'USER_SUSPENDED') return t('This account is suspended. Ask an administrator to re-activate it.');
  if (code === 'INVALID_IP') return t('Signing in is not allowed from this network address.');
  if (code === 'REQUESTS_EXCEEDED' || status === 429) return t('Too many sign-in attempts. Wait a few minutes, then try again.');
  if (code === 'INVALID_OTP')
    return t('That one-time code is not valid. Enter the current code from your authenticator app, or a recovery code.');
  if (code === 'INVALID_CREDENTIALS' || status === 401) return t('Wrong email or password.');
  if (code === 'INVALID_PAYLOAD') return t('Enter your email and password.');
  if (status === null) return t('The server cannot be reached. Check your connection and try again.');
  return errorMessage(error) ?? t('Signing in failed. Try again.');
}

/** A sentence for any other failed call (lists, items). */
export function requestMessage(error: unknown): string {
  const status = errorStatus(error);
  if (errorCode(error) === 'USER_SUSPENDED') return t('This account is suspended. Ask an administrator to re-activate it.');
  if (status === 401) return t('Your session has ended. Reload the page to sign in again.');
  if (status === 403) return t('You do not have permission to see this.');
  if (status === null) return t('The server cannot be reached. Check your connection and try again.');
  return errorMessage(error) ?? t('The server answered {status}.', { status: String(status) });
}

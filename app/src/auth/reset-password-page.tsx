import { passwordReset } from '@directus/sdk';
import { useState } from 'preact/hooks';
import { Link, useSearch } from 'wouter-preact';
import { errorCode, errorMessage } from '../api/errors.js';
import { useSession } from './session.js';
import { t } from '../i18n/t.js';

/** What the reset page says for a refused token or password (codes: docs/authentication.md). */
export function resetMessage(error: unknown): { field: 'password' | null; text: string } {
  switch (errorCode(error)) {
    case 'TOKEN_EXPIRED':
      return { field: null, text: t('This link has expired: reset links work for one day. Ask for a new one.') };
    case 'FORBIDDEN':
      return { field: null, text: t('This link was already used, or the account changed since it was sent. Ask for a new one.') };
    case 'INVALID_TOKEN':
      return { field: null, text: t('This link is not valid. Check that it was copied whole, or ask for a new one.') };
    case 'FAILED_VALIDATION':
      // Shown on the field itself, so the API's "Validation failed for field …" preamble is left out.
      return {
        field: 'password',
        text:
          (errorMessage(error) ?? '').replace(/^Validation failed for field "[^"]*"\.\s*/, '') ||
          t('This password does not meet the password policy.'),
      };
    default:
      return { field: null, text: errorMessage(error) ?? t('The password could not be set. Try again.') };
  }
}

/** The page of the reset e-mail's link: a new password, twice; the server applies the password policy. */
export function ResetPasswordPage() {
  const { client } = useSession();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<{ field: 'password' | 'repeat' | null; text: string } | null>(
    token ? null : { field: null, text: t('This link has no reset token. Open the link from the email again, or ask for a new one.') },
  );

  const submit = async (event: Event) => {
    event.preventDefault();
    if (password !== repeat) {
      setError({ field: 'repeat', text: t('The two passwords are not the same.') });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await client.request(passwordReset(token, password));
      setDone(true);
    } catch (failure) {
      setError(resetMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (field: 'password' | 'repeat') =>
    error?.field === field ? (
      <p id={`${field}-error`} class="error" role="alert">
        {error.text}
      </p>
    ) : null;

  return (
    <main class="sign-in" id="main">
      <h1>{t('Set a new password')}</h1>
      {done ? (
        <p role="status">
          {t('Your new password is set, and every session of your account was signed out.')}{' '}
          <Link href="/">{t('Sign in with your new password')}</Link>
        </p>
      ) : (
        <form onSubmit={submit}>
          <div class="field">
            <label for="password">{t('New password')}</label>
            <input
              id="password"
              type="password"
              autocomplete="new-password"
              required
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
              aria-invalid={error?.field === 'password'}
              aria-describedby={error?.field === 'password' ? 'password-error' : undefined}
            />
            {fieldError('password')}
          </div>
          <div class="field">
            <label for="repeat">{t('Repeat new password')}</label>
            <input
              id="repeat"
              type="password"
              autocomplete="new-password"
              required
              value={repeat}
              onInput={(e) => setRepeat(e.currentTarget.value)}
              aria-invalid={error?.field === 'repeat'}
              aria-describedby={error?.field === 'repeat' ? 'repeat-error' : undefined}
            />
            {fieldError('repeat')}
          </div>
          {error && error.field === null && (
            <p class="error" role="alert">
              {error.text}
            </p>
          )}
          <button type="submit" class="primary" disabled={busy || !token}>
            {t('Set new password')}
          </button>
        </form>
      )}
      <p class="links">
        <Link href="/password-request">{t('Ask for a new link')}</Link> · <Link href="/">{t('Back to sign in')}</Link>
      </p>
    </main>
  );
}

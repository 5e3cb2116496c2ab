import { passwordRequest } from '@directus/sdk';
import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { errorStatus } from '../api/errors.js';
import { useSession } from './session.js';
import { t } from '../i18n/t.js';

/**
 * "Forgot your password?": asks the server to mail a reset link. The answer is the same whether or not the
 * address has an account, and so is this page.
 */
export function PasswordRequestPage() {
  const { client } = useSession();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setState('busy');
    setError(null);
    try {
      // No reset_url: the server's own link leads to this app's reset page.
      await client.request(passwordRequest(email));
      setState('sent');
    } catch (failure) {
      setState('idle');
      const status = errorStatus(failure);
      setError(
        status === 429
          ? t('Too many requests for this address. Wait a few minutes, then try again.')
          : status === 400
            ? t('Enter a valid email address.')
            : t('The request could not be sent. Try again.'),
      );
    }
  };

  return (
    <main class="sign-in" id="main">
      <h1>{t('Reset your password')}</h1>
      {state === 'sent' ? (
        <p role="status">
          {t('If an account uses this address, an email with a link to set a new password is on its way. The link works for one day.')}
        </p>
      ) : (
        <form onSubmit={submit}>
          <div class="field">
            <label for="email">{t('Email')}</label>
            <input
              id="email"
              type="email"
              autocomplete="username"
              required
              value={email}
              onInput={(e) => setEmail(e.currentTarget.value)}
            />
          </div>
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" class="primary" disabled={state === 'busy'}>
            {t('Send reset link')}
          </button>
        </form>
      )}
      <p class="links">
        <Link href="/">{t('Back to sign in')}</Link>
      </p>
    </main>
  );
}

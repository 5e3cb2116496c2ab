import { readProviders } from '@directus/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { errorCode, signInMessage } from '../api/errors.js';
import { expectSession, useSession } from './session.js';
import { t } from '../i18n/t.js';

type Provider = { name: string; label?: string | null };

/** Why a single sign-on came back without a session (`?reason=<CODE>` on the redirect). */
function reasonMessage(reason: string | null): string | null {
  if (!reason) return null;
  if (reason === 'INVALID_OTP') return t('Single sign-on needs your one-time code: enter it below, then choose the provider again.');
  if (reason === 'INVALID_PROVIDER') return t('This identity is already linked to another account.');
  return t('Single sign-on did not complete. Try again, or sign in with your email and password.');
}

/** The single sign-on start URL: back to the page the person wanted, on this server. */
export function ssoUrl(provider: string, returnPath: string, otp: string): string {
  const params = new URLSearchParams({ redirect: returnPath });
  if (otp) params.set('otp', otp);
  return `/auth/login/${encodeURIComponent(provider)}?${params.toString()}`;
}

/** Email and password, then a one-time code when the server asks for one; a button per SSO provider. */
export function SignInPage() {
  const { client, signIn, notice } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [needsOtp, setNeedsOtp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(
    () => notice ?? reasonMessage(new URLSearchParams(window.location.search).get('reason')),
  );
  const [providers, setProviders] = useState<Provider[]>([]);
  const otpInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  // The page is for typing an e-mail address: start there.
  useEffect(() => emailInput.current?.focus(), []);

  useEffect(() => {
    client.request(readProviders()).then(
      (list) => setProviders(list as Provider[]),
      () => setProviders([]),
    );
  }, [client]);

  useEffect(() => {
    if (needsOtp) otpInput.current?.focus();
  }, [needsOtp]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email, password, needsOtp ? otp : undefined);
    } catch (failure) {
      if (errorCode(failure) === 'INVALID_OTP' && !needsOtp) {
        setNeedsOtp(true);
      } else {
        setError(signInMessage(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  const returnPath = window.location.pathname.startsWith('/admin') ? window.location.pathname : '/admin/';

  return (
    <main class="sign-in" id="main">
      <h1>{t('Sign in to Stratum')}</h1>
      <form onSubmit={submit} noValidate={false}>
        <div class="field">
          <label for="email">{t('Email')}</label>
          <input
            id="email"
            ref={emailInput}
            name="email"
            type="email"
            autocomplete="username"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="password">{t('Password')}</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </div>
        {needsOtp && (
          <div class="field">
            <label for="otp">{t('One-time code')}</label>
            <input
              id="otp"
              ref={otpInput}
              name="otp"
              inputMode="numeric"
              autocomplete="one-time-code"
              required
              value={otp}
              onInput={(e) => setOtp(e.currentTarget.value)}
              aria-describedby="otp-help"
            />
            <p id="otp-help" class="help">
              {t('Two-factor authentication is on for this account: enter the code from your authenticator app, or a recovery code.')}
            </p>
          </div>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t('Signing in…') : t('Sign in')}
        </button>
      </form>
      <p class="links">
        <Link href="/password-request">{t('Forgot your password?')}</Link>
      </p>
      {providers.length > 0 && (
        <section class="sso" aria-labelledby="sso-title">
          <h2 id="sso-title">{t('Or sign in with')}</h2>
          {providers.map((provider) => (
            <button
              type="button"
              key={provider.name}
              onClick={() => {
                expectSession();
                window.location.assign(ssoUrl(provider.name, returnPath, otp));
              }}
            >
              {provider.label || provider.name}
            </button>
          ))}
        </section>
      )}
    </main>
  );
}

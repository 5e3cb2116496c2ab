import { useState } from 'preact/hooks';
import { errorCode, errorMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { disable, enable, generateSecret, newRecoveryCodes, qrCodeDataUrl } from './two-factor-api.js';
import { t } from '../i18n/t.js';

type Step =
  | { name: 'idle' }
  | { name: 'password' }
  | { name: 'confirm'; secret: string; otpauthUrl: string }
  | { name: 'codes'; codes: string[]; renewed: boolean }
  | { name: 'disable' }
  | { name: 'renew' };

function explain(error: unknown): string {
  const code = errorCode(error);
  if (code === 'INVALID_CREDENTIALS') return t('That password is not right.');
  if (code === 'INVALID_OTP' || (code === 'INVALID_PAYLOAD' && /otp/i.test(errorMessage(error) ?? '')))
    return t('That code is not valid. Enter the current code from your authenticator app.');
  if (code === 'REQUESTS_EXCEEDED') return t('Too many attempts. Wait a few minutes, then try again.');
  return errorMessage(error) ?? t('That did not work. Try again.');
}

/**
 * Two-factor authentication of the signed-in user: set up (QR code, confirm, recovery codes once), new recovery
 * codes (the old ones stop working), or turn off.
 */
export function TwoFactorSection({ enabled, required, onChange }: { enabled: boolean; required: boolean; onChange(): Promise<void> }) {
  const { client } = useSession();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setInput('');
    } catch (failure) {
      setError(explain(failure));
    } finally {
      setBusy(false);
    }
  };

  const field = (id: string, label: string, type: string, autocomplete: string) => (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type={type}
        autocomplete={autocomplete}
        inputMode={type === 'text' ? 'numeric' : undefined}
        required
        value={input}
        onInput={(e) => setInput(e.currentTarget.value)}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <p id={`${id}-error`} class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );

  return (
    <section aria-labelledby="tfa-title" id="two-factor">
      <h2 id="tfa-title">{t('Two-factor authentication')}</h2>
      {required && !enabled && (
        <p class="notice" role="status">
          {t('Your organisation requires two-factor authentication for your account. Set it up now.')}
        </p>
      )}
      {step.name === 'codes' ? (
        <>
          <p role="status">
            {step.renewed ? t('These are your new recovery codes; the old ones no longer work.') : t('Two-factor authentication is on.')}{' '}
            {t('Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.')}
          </p>
          <ul class="codes" aria-label={t('Recovery codes')}>
            {step.codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => void onChange().then(() => setStep({ name: 'idle' }))}>
            {t('I have saved the codes')}
          </button>
        </>
      ) : enabled ? (
        step.name === 'disable' ? (
          <form
            onSubmit={(e) => (
              e.preventDefault(),
              void run(async () => (await disable(client, input), await onChange(), setStep({ name: 'idle' })))
            )}
          >
            {field('tfa-disable-otp', t('One-time code'), 'text', 'one-time-code')}
            <button type="submit" disabled={busy}>
              {t('Turn off two-factor authentication')}
            </button>
          </form>
        ) : step.name === 'renew' ? (
          <form
            onSubmit={(e) => (
              e.preventDefault(),
              void run(async () => setStep({ name: 'codes', codes: await newRecoveryCodes(client, input), renewed: true }))
            )}
          >
            <p>
              {t('New recovery codes replace the old ones, which stop working. Confirm with the current code of your authenticator app.')}
            </p>
            {field('tfa-renew-otp', t('One-time code'), 'text', 'one-time-code')}
            <div class="actions">
              <button type="submit" class="primary" disabled={busy}>
                {t('Create new recovery codes')}
              </button>
              <button type="button" onClick={() => (setError(null), setInput(''), setStep({ name: 'idle' }))}>
                {t('Cancel')}
              </button>
            </div>
          </form>
        ) : (
          <>
            <p>{t('Two-factor authentication is on.')}</p>
            <div class="actions">
              <button type="button" onClick={() => setStep({ name: 'renew' })}>
                {t('New recovery codes…')}
              </button>
              <button type="button" onClick={() => setStep({ name: 'disable' })}>
                {t('Turn off…')}
              </button>
            </div>
          </>
        )
      ) : step.name === 'idle' ? (
        <>
          <p>{t('Two-factor authentication is off. With it, signing in also asks for a code from an authenticator app.')}</p>
          <button type="button" class={required ? 'primary' : undefined} onClick={() => setStep({ name: 'password' })}>
            {t('Set up two-factor authentication')}
          </button>
        </>
      ) : step.name === 'password' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              const generated = await generateSecret(client, input);
              setStep({ name: 'confirm', secret: generated.secret, otpauthUrl: generated.otpauth_url });
            });
          }}
        >
          {field('tfa-password', t('Current password'), 'password', 'current-password')}
          <button type="submit" disabled={busy}>
            {t('Continue')}
          </button>
        </form>
      ) : step.name === 'confirm' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => setStep({ name: 'codes', codes: await enable(client, step.secret, input), renewed: false }));
          }}
        >
          <p>{t('Scan this code with your authenticator app, or enter the secret by hand, then type the code the app shows.')}</p>
          <img
            class="qr"
            src={qrCodeDataUrl(step.otpauthUrl)}
            alt={t('QR code of the secret for your authenticator app')}
            width={200}
            height={200}
          />
          <p>
            {t('Secret:')} <code id="tfa-secret">{step.secret}</code>
          </p>
          {field('tfa-otp', t('One-time code'), 'text', 'one-time-code')}
          <button type="submit" class="primary" disabled={busy}>
            {t('Turn on two-factor authentication')}
          </button>
        </form>
      ) : null}
    </section>
  );
}

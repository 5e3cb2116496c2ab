import { useEffect, useState } from 'preact/hooks';
import { readAccess } from '../content/content-api.js';
import { allows } from '../content/form-fields.js';
import { requestMessage } from '../api/errors.js';
import { resetMessage } from '../auth/reset-password-page.js';
import { displayName, useSession } from '../auth/session.js';
import { TwoFactorSection } from './two-factor-section.js';
import { mustSetUpTwoFactor } from './two-factor-api.js';
import { ProfileForm } from './profile-form.js';
import { lazyPage } from '../lazy-page.js';
import { profileFields, type ProfileField } from './profile-fields.js';
import { changeMyPassword, describeUserAgent, endMyOtherSessions, endMySession, readMySessions, type SessionRow } from './account-api.js';
import { t } from '../i18n/t.js';
import { timeStampText } from '../ui/time-stamp.js';

// The colour scheme's choice is fetched with the frame's code, not with the sign-in page.
const AppearanceChoice = lazyPage(() => import('./appearance-choice.js').then((m) => m.AppearanceChoice));

const when = (value: string | null) => timeStampText(value) || '—';

/** The signed-in user's account: their profile, a new password, two-factor, and where they are signed in. */
export function AccountPage() {
  const { client, user, reloadUser } = useSession();
  const [tfaRequired, setTfaRequired] = useState(false);
  useEffect(() => {
    mustSetUpTwoFactor(client).then(setTfaRequired, () => setTfaRequired(false));
  }, [client, user?.tfa_secret]);
  // Changing one's own profile or password is an update of service_users that the user's policies must allow.
  const [canChangePassword, setCanChangePassword] = useState<boolean | null>(null);
  const [profile, setProfile] = useState<ProfileField[] | null>(null);
  useEffect(() => {
    readAccess(client, 'service_users').then(
      (access) => {
        setCanChangePassword(allows(access.update, 'password'));
        setProfile(profileFields(access));
      },
      () => {
        setCanChangePassword(false);
        setProfile([]);
      },
    );
  }, [client]);
  if (!user) return null;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('Account')}</h1>
      {profile && profile.length > 0 && <ProfileForm fields={profile} />}
      {profile?.length === 0 && (
        <dl class="item">
          <div>
            <dt>{t('Name')}</dt>
            <dd>{displayName(user)}</dd>
          </div>
          <div>
            <dt>{t('Email')}</dt>
            <dd>{user.email ?? '—'}</dd>
          </div>
        </dl>
      )}
      <AppearanceChoice />
      {canChangePassword === true && <PasswordForm />}
      {canChangePassword === false && (
        <>
          <h2>{t('Change password')}</h2>
          <p>
            {t(
              'Your access does not include changing your password here. Ask an administrator, or use “Forgot your password?” on the sign-in page.',
            )}
          </p>
        </>
      )}
      <TwoFactorSection enabled={Boolean(user.tfa_secret)} required={tfaRequired} onChange={reloadUser} />
      <Sessions />
    </section>
  );
}

function PasswordForm() {
  const { client } = useSession();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'status'; field: 'password' | 'repeat' | null; text: string } | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (password !== repeat) {
      setMessage({ kind: 'error', field: 'repeat', text: t('The two passwords are not the same.') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await changeMyPassword(client, password);
      setPassword('');
      setRepeat('');
      setMessage({ kind: 'status', field: null, text: t('Your password is changed. Your other sessions were signed out.') });
    } catch (failure) {
      const { field, text } = resetMessage(failure);
      setMessage({ kind: 'error', field, text });
    } finally {
      setBusy(false);
    }
  };

  const errorFor = (field: 'password' | 'repeat') => (message?.kind === 'error' && message.field === field ? message.text : null);

  return (
    <form class="item-form" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">{t('Change password')}</h2>
      {(['password', 'repeat'] as const).map((field) => (
        <div class="field" key={field}>
          <label for={`account-${field}`}>{field === 'password' ? t('New password') : t('Repeat new password')}</label>
          <input
            id={`account-${field}`}
            type="password"
            autocomplete="new-password"
            required
            value={field === 'password' ? password : repeat}
            onInput={(e) => (field === 'password' ? setPassword : setRepeat)(e.currentTarget.value)}
            aria-invalid={errorFor(field) ? true : undefined}
            aria-describedby={errorFor(field) ? `account-${field}-error` : undefined}
          />
          {errorFor(field) && (
            <p id={`account-${field}-error`} class="error">
              {errorFor(field)}
            </p>
          )}
        </div>
      ))}
      {message && message.field === null && (
        <p class={message.kind === 'error' ? 'error' : undefined} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <button type="submit" disabled={busy || password === ''}>
        {t('Change password')}
      </button>
    </form>
  );
}

function Sessions() {
  const { client, signOut } = useSession();
  const [sessions, setSessions] = useState<SessionRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = () => readMySessions(client).then(setSessions, (failure: unknown) => setError(requestMessage(failure)));
  useEffect(() => {
    void load();
  }, [client]);

  const end = async (session: SessionRow) => {
    if (session.current) return signOut();
    try {
      await endMySession(client, session.id);
      await load();
    } catch (failure) {
      setError(requestMessage(failure));
    }
  };
  const endOthers = async () => {
    try {
      await endMyOtherSessions(client);
      await load();
    } catch (failure) {
      setError(requestMessage(failure));
    }
  };

  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('Where you are signed in')}</h2>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {sessions && (
        <>
          <div class="table-wrap" tabIndex={0} role="region" aria-label={t('Sessions table')}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('Browser')}</th>
                  <th scope="col">{t('Address')}</th>
                  <th scope="col">{t('Signed in')}</th>
                  <th scope="col">{t('Last used')}</th>
                  <th scope="col">
                    <span class="visually-hidden">{t('Actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sessions.map((session) => (
                  <tr key={session.id}>
                    <td>
                      {describeUserAgent(session.user_agent)}
                      {session.current && <strong> {t('(this session)')}</strong>}
                    </td>
                    <td>{session.ip ?? '—'}</td>
                    <td>{when(session.date_created)}</td>
                    <td>{when(session.last_used)}</td>
                    <td>
                      <button type="button" onClick={() => void end(session)}>
                        {t('Sign out')}
                        <span class="visually-hidden"> {t('the session started {time}', { time: when(session.date_created) })}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="button" class="spaced" disabled={sessions.filter((s) => !s.current).length === 0} onClick={() => void endOthers()}>
            {t('Sign out all other sessions')}
          </button>
        </>
      )}
    </section>
  );
}

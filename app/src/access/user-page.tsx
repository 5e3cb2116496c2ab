import { useEffect, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { readActivityPage, type ActivityRow } from '../activity/activity-api.js';
import { ActivityTable } from '../activity/activity-table.js';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { changeUser, getUser, listRoles, removeUser, resetTwoFactor, type RoleRow, type UserRow } from './access-api.js';
import { PolicyLinks } from './policy-links.js';
import { UserFields, type UserDraft } from './user-fields.js';
import { UserSessions } from './user-sessions.js';
import { userChanges } from './users-query.js';
import { userName } from './user-name.js';
import { t } from '../i18n/t.js';

const draftOf = (user: UserRow): UserDraft => ({
  first_name: user.first_name ?? '',
  last_name: user.last_name ?? '',
  email: user.email ?? '',
  role: user.role ?? '',
  status: user.status,
  password: '',
});

/** `/users/<id>`: edit a user, suspend or re-activate, reset two-factor, their policies, sessions and activity. */
export function UserPage({ id }: { id: string }) {
  const { client } = useSession();
  const [user, setUser] = useState<UserRow | null>(null);
  const [draft, setDraft] = useState<UserDraft | null>(null);
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [activity, setActivity] = useState<ActivityRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);

  const load = async () => {
    try {
      const row = await getUser(client, id);
      setUser(row);
      setDraft(draftOf(row));
    } catch (failure) {
      setError(requestMessage(failure));
    }
  };
  useEffect(() => {
    void load();
    listRoles(client).then(setRoles, () => setRoles([]));
    readActivityPage(client, { action: '', collection: '', user: id, from: '', to: '' }, 1, 20).then(setActivity, () => setActivity([]));
  }, [client, id]);

  const run = async (action: () => Promise<void>, done: string) => {
    setError(null);
    setStatus(null);
    try {
      await action();
      await load();
      setStatus(done);
    } catch (failure) {
      setError(requestMessage(failure));
    }
  };

  if (deleted) {
    return (
      <section aria-labelledby="page-title">
        <h1 id="page-title">{t('User deleted')}</h1>
        <p>
          <Link href="/users">{t('Back to the users')}</Link>
        </p>
      </section>
    );
  }
  if (!user || !draft) {
    return (
      <section aria-labelledby="page-title">
        <h1 id="page-title">{t('User')}</h1>
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : (
          <p class="loading" aria-live="polite">
            {t('Loading…')}
          </p>
        )}
      </section>
    );
  }
  const suspended = user.status === 'suspended';
  return (
    <section aria-labelledby="page-title">
      <p class="breadcrumb">
        <Link href="/users">{t('Users')}</Link>
      </p>
      <h1 id="page-title">{userName(user)}</h1>
      <p>
        {t('Status:')} <strong>{user.status}</strong>
      </p>
      <div class="actions">
        <button
          type="button"
          onClick={() =>
            void run(
              () => changeUser(client, id, { status: suspended ? 'active' : 'suspended' }),
              suspended ? t('The user is active again.') : t('The user is suspended.'),
            )
          }
        >
          {suspended ? t('Re-activate user') : t('Suspend user')}
        </button>
        <button
          type="button"
          onClick={() => void run(() => resetTwoFactor(client, id), t('Two-factor authentication is off for this user.'))}
        >
          {t('Reset two-factor authentication')}
        </button>
      </div>
      <p aria-live="polite">{status}</p>
      <p>
        <Link href={`/why?user=${encodeURIComponent(id)}`}>{t("Why can or can't this user do something?")}</Link>
      </p>
      <form
        class="item-form"
        aria-labelledby="edit-user-title"
        onSubmit={(e) => {
          e.preventDefault();
          const changes = userChanges(user, draft);
          if (Object.keys(changes).length === 0) setStatus(t('Nothing to save.'));
          else void run(() => changeUser(client, id, changes), t('Saved.'));
        }}
      >
        <h2 id="edit-user-title">{t('Details')}</h2>
        <UserFields id="user" draft={draft} roles={roles} passwordLabel="New password (leave empty to keep)" onChange={setDraft} />
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <div class="actions">
          <button type="submit" class="primary">
            {t('Save user')}
          </button>
          <button
            type="button"
            class="danger"
            onClick={() => {
              if (
                !window.confirm(
                  t(
                    'Delete the user {name}? Their sessions end and the policies attached to them directly are detached; their activity stays. Suspending keeps the account instead.',
                    { name: userName(user) },
                  ),
                )
              )
                return;
              removeUser(client, id).then(
                () => setDeleted(true),
                (failure: unknown) => setError(requestMessage(failure)),
              );
            }}
          >
            {t('Delete user')}
          </button>
        </div>
      </form>
      <PolicyLinks owner={{ user: id }} label={t('this user directly')} />
      <UserSessions user={id} />
      <section aria-labelledby="user-activity">
        <h2 id="user-activity">{t('Recent activity')}</h2>
        {activity === null && (
          <p class="loading" aria-live="polite">
            {t('Loading…')}
          </p>
        )}
        {activity && <ActivityTable label={t('Recent activity of the user')} rows={activity} empty={t('No activity.')} />}
      </section>
    </section>
  );
}

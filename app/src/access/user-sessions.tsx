import { customEndpoint } from '@directus/sdk';
import { useEffect, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { t } from '../i18n/t.js';
import { timeStampText } from '../ui/time-stamp.js';

type SessionRow = {
  id: string;
  date_created: string | null;
  last_used: string | null;
  expires: string | null;
  ip: string | null;
  user_agent: string | null;
};

const when = (value: string | null) => timeStampText(value) || '—';

/** A user's live sign-ins (`GET /users/:id/sessions`, administrators only). */
export function UserSessions({ user }: { user: string }) {
  const { client } = useSession();
  const [rows, setRows] = useState<SessionRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    client.request(customEndpoint<SessionRow[]>({ path: `/users/${encodeURIComponent(user)}/sessions`, method: 'GET' })).then(
      (list) => setRows(list ?? []),
      (failure: unknown) => setError(requestMessage(failure)),
    );
  }, [client, user]);
  return (
    <section aria-labelledby="user-sessions">
      <h2 id="user-sessions">{t('Sessions')}</h2>
      {error && <p class="error">{error}</p>}
      {!error && rows === null && (
        <p class="loading" aria-live="polite">
          {t('Loading…')}
        </p>
      )}
      {rows && rows.length === 0 && <p>{t('No live session.')}</p>}
      {rows && rows.length > 0 && (
        <div class="table-wrap" tabIndex={0} role="region" aria-label={t('Sessions of the user')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('Signed in')}</th>
                <th scope="col">{t('Last used')}</th>
                <th scope="col">{t('Expires')}</th>
                <th scope="col">{t('IP address')}</th>
                <th scope="col">{t('Browser')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{when(row.date_created)}</td>
                  <td>{when(row.last_used)}</td>
                  <td>{when(row.expires)}</td>
                  <td>{row.ip ?? '—'}</td>
                  <td>{row.user_agent ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

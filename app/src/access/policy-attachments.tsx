import { useEffect, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { USERS_PLAN } from '../content/display-value.js';
import { readOptions, searchRelated } from '../content/related-api.js';
import { RelatedSearch } from '../content/related-search.js';
import { attachPolicy, detachPolicy, listAccess, listRoles, type AccessRow, type RoleRow } from './access-api.js';
import { systemLabel } from '../ui/system-label.js';
import { t } from '../i18n/t.js';

/** Who a policy is attached to (`/access`): roles and users, with "Detach" and attach to a role or a user. */
export function PolicyAttachments({ policy }: { policy: string }) {
  const { client } = useSession();
  const [links, setLinks] = useState<AccessRow[] | null>(null);
  const [roles, setRoles] = useState<RoleRow[]>([]);
  // The names of the attached users, and the user chosen in the picker.
  const [userNames, setUserNames] = useState<Map<string, string>>(new Map());
  const [userText, setUserText] = useState('');
  const [role, setRole] = useState('');
  const [user, setUser] = useState('');
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    listAccess(client, { policy: { _eq: policy } }).then(
      (rows) => {
        setLinks(rows);
        const keys = rows.flatMap((row) => (row.user ? [row.user] : []));
        if (keys.length > 0) readOptions(client, USERS_PLAN, keys).then(setUserNames, () => setUserNames(new Map()));
      },
      (failure: unknown) => setError(requestMessage(failure)),
    );
  useEffect(() => {
    void load();
    listRoles(client).then(setRoles, () => setRoles([]));
  }, [client, policy]);

  const run = (action: () => Promise<void>) => {
    setError(null);
    action().then(
      () => void load(),
      (failure: unknown) => setError(requestMessage(failure)),
    );
  };
  const nameOf = (link: AccessRow) => {
    if (link.role) return `Role ${roles.find((r) => r.id === link.role)?.name ?? link.role}`;
    if (link.user) return `User ${userNames.get(link.user) ?? link.user}`;
    return t('The public');
  };

  return (
    <section aria-labelledby="policy-attached">
      <h2 id="policy-attached">{t('Attached to')}</h2>
      {links && links.length === 0 && <p>{t('Nobody: attach it to a role or a user for it to apply.')}</p>}
      {links && links.length > 0 && (
        <ul class="related-items">
          {links.map((link) => (
            <li key={link.id}>
              {nameOf(link)}{' '}
              <button type="button" class="remove" onClick={() => run(() => detachPolicy(client, link.id))}>
                {t('Detach from {name}', { name: nameOf(link).toLowerCase() })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="toolbar">
        <div class="field">
          <label for="attach-role">{t('Role')}</label>
          <select id="attach-role" value={role} onChange={(e) => setRole(e.currentTarget.value)}>
            <option value="">{t('Choose a role')}</option>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {systemLabel(r.name)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" disabled={!role} onClick={() => run(() => attachPolicy(client, { policy, role }).then(() => setRole('')))}>
          {t('Attach to role')}
        </button>
        <div class="field">
          <label for="attach-user">{t('User')}</label>
          <div class="picker">
            <RelatedSearch
              id="attach-user"
              display={userText}
              placeholder={t('Search by name or e-mail')}
              search={(query) => searchRelated(client, USERS_PLAN, query)}
              onChoose={(option) => {
                setUserText(option.text);
                setUser(String(option.key));
              }}
            />
          </div>
        </div>
        <button
          type="button"
          disabled={!user}
          onClick={() =>
            run(() =>
              attachPolicy(client, { policy, user }).then(() => {
                setUser('');
                setUserText('');
              }),
            )
          }
        >
          {t('Attach to user')}
        </button>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import { Link, useLocation, useSearch } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { ListTable } from '../ui/list-table.js';
import { addUser, listRoles, listUsers, type RoleRow, type UserRow } from './access-api.js';
import { UserFields, type UserDraft } from './user-fields.js';
import { userName } from './user-name.js';
import { filtersFromSearch, pageFromSearch, searchOfFilters, USER_STATUSES, type UserFilters } from './users-query.js';
import { systemLabel } from '../ui/system-label.js';
import { t } from '../i18n/t.js';

const PAGE_SIZE = 50;
const EMPTY: UserDraft = { first_name: '', last_name: '', email: '', role: '', status: 'active', password: '' };

/** `/users`: the users with search and role and status filters (in the address), and "Create user". */
export function UsersPage() {
  const { client } = useSession();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = filtersFromSearch(search);
  const page = pageFromSearch(search);
  const [draft, setDraft] = useState<UserFilters>(filters);
  const [users, setUsers] = useState<UserRow[] | null>(null);
  const [hasNext, setHasNext] = useState(false);
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [newUser, setNewUser] = useState<UserDraft>(EMPTY);
  const [createError, setCreateError] = useState<string | null>(null);
  // The form follows the address when it changes (back, a link), not on the first render: a choice made
  // before the first effect runs must survive.
  const shownSearch = useRef(search);

  useEffect(() => {
    listRoles(client).then(setRoles, () => setRoles([]));
  }, [client]);
  useEffect(() => {
    if (shownSearch.current !== search) {
      shownSearch.current = search;
      setDraft(filters);
    }
    setUsers(null);
    // One row more than a page tells whether there is a next one.
    listUsers(client, filters, (page - 1) * PAGE_SIZE, PAGE_SIZE + 1).then(
      (rows) => {
        setHasNext(rows.length > PAGE_SIZE);
        setUsers(rows.slice(0, PAGE_SIZE));
        setError(null);
      },
      (failure: unknown) => setError(requestMessage(failure)),
    );
  }, [client, search]);

  const roleName = (id: string | null) => (id === null ? t('No role') : (roles.find((r) => r.id === id)?.name ?? id));

  const create = async (event: Event) => {
    event.preventDefault();
    setCreateError(null);
    const values: Record<string, unknown> = { ...newUser, role: newUser.role === '' ? null : newUser.role };
    if (newUser.password === '') delete values.password;
    try {
      const id = await addUser(client, values);
      navigate(`/users/${id}`);
    } catch (failure) {
      setCreateError(requestMessage(failure));
    }
  };

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('Users')}</h1>
      <form
        class="filters"
        role="search"
        aria-label={t('Find users')}
        onSubmit={(e) => {
          e.preventDefault();
          navigate(`/users${searchOfFilters(draft)}`);
        }}
      >
        <div class="field">
          <label for="users-search">{t('Search')}</label>
          <input
            id="users-search"
            type="search"
            value={draft.search}
            onInput={(e) => setDraft({ ...draft, search: e.currentTarget.value })}
          />
        </div>
        <div class="field">
          <label for="users-role">{t('Role')}</label>
          <select id="users-role" value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.currentTarget.value })}>
            <option value="">{t('Any role')}</option>
            <option value="none">{t('No role')}</option>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {systemLabel(r.name)}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="users-status">{t('Status')}</label>
          <select id="users-status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.currentTarget.value })}>
            <option value="">{t('Any status')}</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div class="actions">
          <button type="submit" class="primary">
            {t('Find users')}
          </button>
        </div>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!error && users === null && (
        <p class="loading" aria-live="polite">
          {t('Loading…')}
        </p>
      )}
      {users && (
        <ListTable
          label={t('Users table')}
          caption={t('Users')}
          rows={users}
          empty={t('No user matches.')}
          columns={[
            { header: t('Name'), cell: (user) => <Link href={`/users/${user.id}`}>{userName(user)}</Link> },
            { header: t('Email'), cell: (user) => user.email ?? '—' },
            { header: t('Role'), cell: (user) => roleName(user.role) },
            { header: t('Status'), cell: (user) => user.status },
          ]}
          pager={page > 1 || hasNext ? { page, hasNext, onPage: (to) => navigate(`/users${searchOfFilters(filters, to)}`) } : undefined}
        />
      )}
      {!creating ? (
        <p class="actions">
          <button type="button" class="primary" onClick={() => setCreating(true)}>
            {t('Create user')}
          </button>
        </p>
      ) : (
        <form class="item-form" onSubmit={(e) => void create(e)} aria-labelledby="new-user-title">
          <h2 id="new-user-title">{t('New user')}</h2>
          <UserFields id="new-user" draft={newUser} roles={roles} passwordLabel="Password" onChange={setNewUser} />
          {createError && (
            <p class="error" role="alert">
              {createError}
            </p>
          )}
          <div class="actions">
            <button type="submit" class="primary">
              {t('Save user')}
            </button>
            <button type="button" onClick={() => setCreating(false)}>
              {t('Cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import { Link, useLocation, useSearch } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { addUser, listRoles, listUsers, type RoleRow, type UserRow } from './access-api.js';
import { UserFields, type UserDraft } from './user-fields.js';
import { userName } from './user-name.js';
import { filtersFromSearch, pageFromSearch, searchOfFilters, USER_STATUSES, type UserFilters } from './users-query.js';

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

  const roleName = (id: string | null) => (id === null ? 'No role' : (roles.find((r) => r.id === id)?.name ?? id));

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
      <h1 id="page-title">Users</h1>
      <form
        class="filters"
        role="search"
        aria-label="Find users"
        onSubmit={(e) => {
          e.preventDefault();
          navigate(`/users${searchOfFilters(draft)}`);
        }}
      >
        <div class="field">
          <label for="users-search">Search</label>
          <input id="users-search" type="search" value={draft.search} onInput={(e) => setDraft({ ...draft, search: e.currentTarget.value })} />
        </div>
        <div class="field">
          <label for="users-role">Role</label>
          <select id="users-role" value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.currentTarget.value })}>
            <option value="">Any role</option>
            <option value="none">No role</option>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="users-status">Status</label>
          <select id="users-status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.currentTarget.value })}>
            <option value="">Any status</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div class="actions">
          <button type="submit" class="primary">
            Find users
          </button>
        </div>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!error && users === null && <p class="loading" aria-live="polite">Loading…</p>}
      {users && (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Users table">
          <table>
            <caption class="visually-hidden">Users</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {users.length === 0 && (
                <tr>
                  <td colSpan={4}>No user matches.</td>
                </tr>
              )}
              {users.map((user) => (
                <tr key={user.id}>
                  <td>
                    <Link href={`/users/${user.id}`}>{userName(user)}</Link>
                  </td>
                  <td>{user.email ?? '—'}</td>
                  <td>{roleName(user.role)}</td>
                  <td>{user.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {users && (page > 1 || hasNext) && (
        <nav class="pager" aria-label="Pages">
          <button type="button" disabled={page <= 1} onClick={() => navigate(`/users${searchOfFilters(filters, page - 1)}`)}>
            Previous page
          </button>
          <span aria-live="polite">Page {page}</span>
          <button type="button" disabled={!hasNext} onClick={() => navigate(`/users${searchOfFilters(filters, page + 1)}`)}>
            Next page
          </button>
        </nav>
      )}
      {!creating ? (
        <p class="actions">
          <button type="button" class="primary" onClick={() => setCreating(true)}>
            Create user
          </button>
        </p>
      ) : (
        <form class="item-form" onSubmit={(e) => void create(e)} aria-labelledby="new-user-title">
          <h2 id="new-user-title">New user</h2>
          <UserFields id="new-user" draft={newUser} roles={roles} passwordLabel="Password" onChange={setNewUser} />
          {createError && (
            <p class="error" role="alert">
              {createError}
            </p>
          )}
          <div class="actions">
            <button type="submit" class="primary">
              Save user
            </button>
            <button type="button" onClick={() => setCreating(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

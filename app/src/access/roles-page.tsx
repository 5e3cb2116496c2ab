import { useEffect, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { addRole, changeRole, listRoles, removeRole, type RoleRow } from './access-api.js';
import { PolicyLinks } from './policy-links.js';
import { possibleParents } from './role-parents.js';

type Draft = { name: string; description: string; parent: string };

function RoleFields({ id, draft, roles, self, onChange }: { id: string; draft: Draft; roles: RoleRow[]; self: string | null; onChange(d: Draft): void }) {
  return (
    <>
      <div class="field">
        <label for={`${id}-name`}>Name</label>
        <input id={`${id}-name`} value={draft.name} required onInput={(e) => onChange({ ...draft, name: e.currentTarget.value })} />
      </div>
      <div class="field">
        <label for={`${id}-description`}>Description</label>
        <input id={`${id}-description`} value={draft.description} onInput={(e) => onChange({ ...draft, description: e.currentTarget.value })} />
      </div>
      <div class="field">
        <label for={`${id}-parent`}>Parent role</label>
        <select id={`${id}-parent`} value={draft.parent} onChange={(e) => onChange({ ...draft, parent: e.currentTarget.value })}>
          <option value="">No parent</option>
          {possibleParents(roles, self).map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

const valuesOf = (draft: Draft) => ({ name: draft.name.trim(), description: draft.description || null, parent: draft.parent || null });

/** `/roles`: the roles with their parents, and "Create role". */
export function RolesPage() {
  const { client } = useSession();
  const [roles, setRoles] = useState<RoleRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>({ name: '', description: '', parent: '' });
  const load = () => listRoles(client).then(setRoles, (failure: unknown) => setError(requestMessage(failure)));
  useEffect(() => {
    void load();
  }, [client]);
  const nameOf = (id: string | null) => (id ? (roles?.find((r) => r.id === id)?.name ?? id) : '—');

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Roles</h1>
      {roles === null && !error && <p class="loading">Loading…</p>}
      {roles && (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Roles table">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Parent role</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {roles.map((role) => (
                <tr key={role.id}>
                  <td>
                    <Link href={`/roles/${role.id}`}>{role.name}</Link>
                  </td>
                  <td>{nameOf(role.parent)}</td>
                  <td>{role.description ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form
        class="item-form"
        aria-labelledby="new-role-title"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          addRole(client, valuesOf(draft)).then(
            () => {
              setDraft({ name: '', description: '', parent: '' });
              void load();
            },
            (failure: unknown) => setError(requestMessage(failure)),
          );
        }}
      >
        <h2 id="new-role-title">New role</h2>
        <RoleFields id="new-role" draft={draft} roles={roles ?? []} self={null} onChange={setDraft} />
        <div class="actions">
          <button type="submit" class="primary" disabled={draft.name.trim() === ''}>
            Create role
          </button>
        </div>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** `/roles/<id>`: edit a role (name, description, parent), delete it, and its policies. */
export function RolePage({ id }: { id: string }) {
  const { client } = useSession();
  const [roles, setRoles] = useState<RoleRow[] | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    listRoles(client).then(
      (rows) => {
        setRoles(rows);
        const role = rows.find((r) => r.id === id);
        if (role) setDraft({ name: role.name, description: role.description ?? '', parent: role.parent ?? '' });
        else setError('There is no such role.');
      },
      (failure: unknown) => setError(requestMessage(failure)),
    );
  }, [client, id]);

  if (deleted) {
    return (
      <section aria-labelledby="page-title">
        <h1 id="page-title">Role deleted</h1>
        <p>
          <Link href="/roles">Back to the roles</Link>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="page-title">
      <p class="breadcrumb">
        <Link href="/roles">Roles</Link>
      </p>
      <h1 id="page-title">{draft?.name ?? 'Role'}</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {draft && roles && (
        <>
          <form
            class="item-form"
            aria-label="Role details"
            onSubmit={(e) => {
              e.preventDefault();
              setError(null);
              changeRole(client, id, valuesOf(draft)).then(
                () => setStatus('Saved.'),
                (failure: unknown) => setError(requestMessage(failure)),
              );
            }}
          >
            <RoleFields id="role" draft={draft} roles={roles} self={id} onChange={setDraft} />
            <div class="actions">
              <button type="submit" class="primary">
                Save role
              </button>
              <button
                type="button"
                class="remove"
                onClick={() => {
                  if (!window.confirm(`Delete the role "${draft.name}"? Its users lose the policies it gives them.`)) return;
                  removeRole(client, id).then(
                    () => setDeleted(true),
                    (failure: unknown) => setError(requestMessage(failure)),
                  );
                }}
              >
                Delete role
              </button>
            </div>
            <p aria-live="polite">{status}</p>
          </form>
          <PolicyLinks owner={{ role: id }} label="this role" />
        </>
      )}
    </section>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { attachPolicy, detachPolicy, listAccess, listRoles, listUsers, type AccessRow, type RoleRow, type UserRow } from './access-api.js';
import { userName } from './user-name.js';

/** Who a policy is attached to (`/access`): roles and users, with "Detach" and attach to a role or a user. */
export function PolicyAttachments({ policy }: { policy: string }) {
  const { client } = useSession();
  const [links, setLinks] = useState<AccessRow[] | null>(null);
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [users, setUsers] = useState<UserRow[]>([]);
  const [role, setRole] = useState('');
  const [user, setUser] = useState('');
  const [error, setError] = useState<string | null>(null);
  const load = () => listAccess(client, { policy: { _eq: policy } }).then(setLinks, (failure: unknown) => setError(requestMessage(failure)));
  useEffect(() => {
    void load();
    listRoles(client).then(setRoles, () => setRoles([]));
    listUsers(client, { search: '', role: '', status: '' }).then(setUsers, () => setUsers([]));
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
    if (link.user) {
      const u = users.find((x) => x.id === link.user);
      return `User ${u ? userName(u) : link.user}`;
    }
    return 'The public';
  };

  return (
    <section aria-labelledby="policy-attached">
      <h2 id="policy-attached">Attached to</h2>
      {links && links.length === 0 && <p>Nobody: attach it to a role or a user for it to apply.</p>}
      {links && links.length > 0 && (
        <ul class="related-items">
          {links.map((link) => (
            <li key={link.id}>
              {nameOf(link)}{' '}
              <button type="button" class="remove" onClick={() => run(() => detachPolicy(client, link.id))}>
                Detach from {nameOf(link).toLowerCase()}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="toolbar">
        <div class="field">
          <label for="attach-role">Role</label>
          <select id="attach-role" value={role} onChange={(e) => setRole(e.currentTarget.value)}>
            <option value="">Choose a role</option>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <button type="button" disabled={!role} onClick={() => run(() => attachPolicy(client, { policy, role }).then(() => setRole('')))}>
          Attach to role
        </button>
        <div class="field">
          <label for="attach-user">User</label>
          <select id="attach-user" value={user} onChange={(e) => setUser(e.currentTarget.value)}>
            <option value="">Choose a user</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {userName(u)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" disabled={!user} onClick={() => run(() => attachPolicy(client, { policy, user }).then(() => setUser('')))}>
          Attach to user
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

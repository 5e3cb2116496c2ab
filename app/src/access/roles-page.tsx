import { useEffect, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { ListTable } from '../ui/list-table.js';
import { addRole, listRoles, type RoleRow } from './access-api.js';
import { RoleFields, roleValues, type RoleDraft } from './role-fields.js';
import { systemLabel } from '../ui/system-label.js';
import { t } from '../i18n/t.js';

/** `/roles`: the roles with their parents, and "Create role". */
export function RolesPage() {
  const { client } = useSession();
  const [roles, setRoles] = useState<RoleRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<RoleDraft>({ name: '', description: '', parent: '' });
  const load = () => listRoles(client).then(setRoles, (failure: unknown) => setError(requestMessage(failure)));
  useEffect(() => {
    void load();
  }, [client]);
  const nameOf = (id: string | null) => (id ? systemLabel(roles?.find((r) => r.id === id)?.name ?? id) : '—');

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('Roles')}</h1>
      {roles === null && !error && (
        <p class="loading" aria-live="polite">
          {t('Loading…')}
        </p>
      )}
      {roles && (
        <ListTable
          label={t('Roles table')}
          rows={roles}
          columns={[
            { header: t('Name'), cell: (role) => <Link href={`/roles/${role.id}`}>{systemLabel(role.name)}</Link> },
            { header: t('Parent role'), cell: (role) => nameOf(role.parent) },
            { header: t('Description'), cell: (role) => systemLabel(role.description) },
          ]}
        />
      )}
      <form
        class="item-form"
        aria-labelledby="new-role-title"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          addRole(client, roleValues(draft)).then(
            () => {
              setDraft({ name: '', description: '', parent: '' });
              void load();
            },
            (failure: unknown) => setError(requestMessage(failure)),
          );
        }}
      >
        <h2 id="new-role-title">{t('New role')}</h2>
        <RoleFields id="new-role" draft={draft} roles={roles ?? []} self={null} onChange={setDraft} />
        <div class="actions">
          <button type="submit" class="primary" disabled={draft.name.trim() === ''}>
            {t('Create role')}
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

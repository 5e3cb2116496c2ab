import { useEffect, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { changeRole, listRoles, removeRole, type RoleRow } from './access-api.js';
import { PolicyLinks } from './policy-links.js';
import { RoleFields, roleValues, type RoleDraft } from './role-fields.js';
import { systemLabel } from '../ui/system-label.js';
import { t } from '../i18n/t.js';

/** `/roles/<id>`: edit a role (name, description, parent), delete it, and its policies. */
export function RolePage({ id }: { id: string }) {
  const { client } = useSession();
  const [roles, setRoles] = useState<RoleRow[] | null>(null);
  const [draft, setDraft] = useState<RoleDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    listRoles(client).then(
      (rows) => {
        setRoles(rows);
        const role = rows.find((r) => r.id === id);
        if (role) setDraft({ name: role.name, description: role.description ?? '', parent: role.parent ?? '' });
        else setError(t('There is no such role.'));
      },
      (failure: unknown) => setError(requestMessage(failure)),
    );
  }, [client, id]);

  if (deleted) {
    return (
      <section aria-labelledby="page-title">
        <h1 id="page-title">{t('Role deleted')}</h1>
        <p>
          <Link href="/roles">{t('Back to the roles')}</Link>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="page-title">
      <p class="breadcrumb">
        <Link href="/roles">{t('Roles')}</Link>
      </p>
      <h1 id="page-title">{draft ? systemLabel(draft.name) : t('Role')}</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {draft && roles && (
        <>
          <form
            class="item-form"
            aria-label={t('Role details')}
            onSubmit={(e) => {
              e.preventDefault();
              setError(null);
              changeRole(client, id, roleValues(draft)).then(
                () => setStatus(t('Saved.')),
                (failure: unknown) => setError(requestMessage(failure)),
              );
            }}
          >
            <RoleFields id="role" draft={draft} roles={roles} self={id} onChange={setDraft} />
            <div class="actions">
              <button type="submit" class="primary">
                {t('Save role')}
              </button>
              <button
                type="button"
                class="danger"
                onClick={() => {
                  if (!window.confirm(t('Delete the role "{name}"? Its users lose the policies it gives them.', { name: draft.name })))
                    return;
                  removeRole(client, id).then(
                    () => setDeleted(true),
                    (failure: unknown) => setError(requestMessage(failure)),
                  );
                }}
              >
                {t('Delete role')}
              </button>
            </div>
            <p aria-live="polite">{status}</p>
          </form>
          <PolicyLinks owner={{ role: id }} label={t('this role')} />
        </>
      )}
    </section>
  );
}

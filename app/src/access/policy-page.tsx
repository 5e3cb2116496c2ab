import './access.css';
import { useEffect, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { changePolicy, getPolicy, removePolicy } from './access-api.js';
import { PermissionEditor } from './permission-editor.js';
import { PolicyAttachments } from './policy-attachments.js';
import { PolicyFields, policyDraftOf, policyValues, type PolicyDraft } from './policy-fields.js';
import { systemLabel } from '../ui/system-label.js';
import { t } from '../i18n/t.js';

/** `/policies/<id>`: the policy's flags, who it is attached to, and its permission matrix. */
export function PolicyPage({ id }: { id: string }) {
  const { client } = useSession();
  const [draft, setDraft] = useState<PolicyDraft | null>(null);
  const [name, setName] = useState(t('Policy'));
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    getPolicy(client, id).then(
      (p) => {
        setDraft(policyDraftOf(p));
        setName(systemLabel(p.name));
      },
      (failure: unknown) => setError(requestMessage(failure)),
    );
  }, [client, id]);

  if (deleted) {
    return (
      <section aria-labelledby="page-title">
        <h1 id="page-title">{t('Policy deleted')}</h1>
        <p>
          <Link href="/policies">{t('Back to the policies')}</Link>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="page-title">
      <p class="breadcrumb">
        <Link href="/policies">{t('Policies')}</Link>
      </p>
      <h1 id="page-title">{name}</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {draft && (
        <>
          <form
            class="item-form"
            aria-label={t('Policy details')}
            onSubmit={(e) => {
              e.preventDefault();
              setError(null);
              setStatus(null);
              changePolicy(client, id, policyValues(draft)).then(
                () => {
                  setName(systemLabel(draft.name));
                  setStatus(t('Saved.'));
                },
                (failure: unknown) => setError(requestMessage(failure)),
              );
            }}
          >
            <PolicyFields id="policy" draft={draft} onChange={setDraft} />
            <div class="actions">
              <button type="submit" class="primary">
                {t('Save policy')}
              </button>
              <button
                type="button"
                class="danger"
                onClick={() => {
                  if (
                    !window.confirm(
                      t(
                        'Delete the policy "{name}"? Its permission rules are deleted too, and the roles and users it is attached to lose what it grants.',
                        { name },
                      ),
                    )
                  )
                    return;
                  removePolicy(client, id).then(
                    () => setDeleted(true),
                    (failure: unknown) => setError(requestMessage(failure)),
                  );
                }}
              >
                {t('Delete policy')}
              </button>
            </div>
            <p aria-live="polite">{status}</p>
          </form>
          <PolicyAttachments policy={id} />
          <PermissionEditor policy={id} admin={draft.admin_access} />
        </>
      )}
    </section>
  );
}

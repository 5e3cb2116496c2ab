import { useEffect, useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { ListTable, translatedColumns, type ListColumn } from '../ui/list-table.js';
import { addPolicy, listPolicies, type PolicyRow } from './access-api.js';
import { emptyPolicy, PolicyFields, policyValues, type PolicyDraft } from './policy-fields.js';
import { systemLabel } from '../ui/system-label.js';
import { msg, t } from '../i18n/t.js';

const yes = (value: boolean) => (value ? t('Yes') : t('No'));

const COLUMNS: readonly ListColumn<PolicyRow>[] = [
  { header: msg('Name'), cell: (p) => <Link href={`/policies/${p.id}`}>{systemLabel(p.name)}</Link> },
  { header: msg('Administrator access'), cell: (p) => yes(p.admin_access) },
  { header: msg('App access'), cell: (p) => yes(p.app_access) },
  { header: msg('Two-factor required'), cell: (p) => yes(p.enforce_tfa) },
  { header: msg('IP addresses'), cell: (p) => (p.ip_access && p.ip_access.length > 0 ? p.ip_access.join(', ') : t('Any')) },
];

/** `/policies`: the policies with their access flags, and "Create policy". */
export function PoliciesPage() {
  const { client } = useSession();
  const [, navigate] = useLocation();
  const [policies, setPolicies] = useState<PolicyRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<PolicyDraft>(emptyPolicy());
  useEffect(() => {
    listPolicies(client).then(setPolicies, (failure: unknown) => setError(requestMessage(failure)));
  }, [client]);

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('Policies')}</h1>
      {policies === null && !error && (
        <p class="loading" aria-live="polite">
          {t('Loading…')}
        </p>
      )}
      {policies && <ListTable label={t('Policies table')} rows={policies} columns={translatedColumns(COLUMNS)} />}
      <form
        class="item-form"
        aria-labelledby="new-policy-title"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          addPolicy(client, policyValues(draft)).then(
            (id) => navigate(`/policies/${id}`),
            (failure: unknown) => setError(requestMessage(failure)),
          );
        }}
      >
        <h2 id="new-policy-title">{t('New policy')}</h2>
        <PolicyFields id="new-policy" draft={draft} onChange={setDraft} />
        <div class="actions">
          <button type="submit" class="primary" disabled={draft.name.trim() === ''}>
            {t('Create policy')}
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

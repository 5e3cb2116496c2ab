import { useEffect, useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { addPolicy, listPolicies, type PolicyRow } from './access-api.js';
import { emptyPolicy, PolicyFields, policyValues, type PolicyDraft } from './policy-fields.js';

const yes = (value: boolean) => (value ? 'Yes' : 'No');

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
      <h1 id="page-title">Policies</h1>
      {policies === null && !error && <p class="loading" aria-live="polite">Loading…</p>}
      {policies && (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Policies table">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Administrator access</th>
                <th scope="col">App access</th>
                <th scope="col">Two-factor required</th>
                <th scope="col">IP addresses</th>
              </tr>
            </thead>
            <tbody>
              {policies.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link href={`/policies/${p.id}`}>{p.name}</Link>
                  </td>
                  <td>{yes(p.admin_access)}</td>
                  <td>{yes(p.app_access)}</td>
                  <td>{yes(p.enforce_tfa)}</td>
                  <td>{p.ip_access && p.ip_access.length > 0 ? p.ip_access.join(', ') : 'Any'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
        <h2 id="new-policy-title">New policy</h2>
        <PolicyFields id="new-policy" draft={draft} onChange={setDraft} />
        <div class="actions">
          <button type="submit" class="primary" disabled={draft.name.trim() === ''}>
            Create policy
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

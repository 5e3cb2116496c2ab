import { useEffect, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { attachPolicy, detachPolicy, listAccess, listPolicies, type AccessRow, type PolicyRow } from './access-api.js';
import { systemLabel } from '../ui/system-label.js';
import { t } from '../i18n/t.js';

type Owner = { role: string } | { user: string };

/** The policies attached to a role or a user (`/access`), with "Detach" per link and "Attach policy". */
export function PolicyLinks({ owner, label }: { owner: Owner; label: string }) {
  const { client } = useSession();
  const [links, setLinks] = useState<AccessRow[] | null>(null);
  const [policies, setPolicies] = useState<PolicyRow[]>([]);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const key = 'role' in owner ? `role:${owner.role}` : `user:${owner.user}`;
  const filter = 'role' in owner ? { role: { _eq: owner.role } } : { user: { _eq: owner.user } };

  const load = () =>
    Promise.all([listAccess(client, filter), listPolicies(client)]).then(
      ([rows, all]) => {
        setLinks(rows);
        setPolicies(all);
      },
      (failure: unknown) => setError(requestMessage(failure)),
    );
  useEffect(() => {
    void load();
  }, [client, key]);

  const run = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
      await load();
    } catch (failure) {
      setError(requestMessage(failure));
    }
  };
  const nameOf = (id: string) => systemLabel(policies.find((p) => p.id === id)?.name ?? id);
  const attached = new Set((links ?? []).map((l) => l.policy));
  const available = policies.filter((p) => !attached.has(p.id));

  return (
    <section aria-labelledby={`${key}-policies`}>
      <h2 id={`${key}-policies`}>{t('Policies')}</h2>
      {links === null && !error && (
        <p class="loading" aria-live="polite">
          {t('Loading…')}
        </p>
      )}
      {links && links.length === 0 && <p>{t('No policy is attached to {owner}.', { owner: label })}</p>}
      {links && links.length > 0 && (
        <ul class="related-items">
          {links.map((link) => (
            <li key={link.id}>
              <Link href={`/policies/${link.policy}`}>{nameOf(link.policy)}</Link>{' '}
              <button type="button" class="remove" onClick={() => void run(() => detachPolicy(client, link.id))}>
                {t('Detach {name}', { name: nameOf(link.policy) })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        class="toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen) void run(() => attachPolicy(client, { policy: chosen, ...owner })).then(() => setChosen(''));
        }}
      >
        <div class="field">
          <label for={`${key}-attach`}>{t('Policy to attach')}</label>
          <select id={`${key}-attach`} value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
            <option value="">{t('Choose a policy')}</option>
            {available.map((p) => (
              <option key={p.id} value={p.id}>
                {systemLabel(p.name)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={!chosen}>
          {t('Attach policy')}
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

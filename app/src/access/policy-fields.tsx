import type { PolicyRow } from './access-api.js';
import { t } from '../i18n/t.js';

export type PolicyDraft = {
  name: string;
  description: string;
  admin_access: boolean;
  app_access: boolean;
  enforce_tfa: boolean;
  ip_access: string;
};

export const emptyPolicy = (): PolicyDraft => ({
  name: '',
  description: '',
  admin_access: false,
  app_access: true,
  enforce_tfa: false,
  ip_access: '',
});

export const policyDraftOf = (p: PolicyRow): PolicyDraft => ({
  name: p.name,
  description: p.description ?? '',
  admin_access: p.admin_access,
  app_access: p.app_access,
  enforce_tfa: p.enforce_tfa,
  ip_access: (p.ip_access ?? []).join(', '),
});

/** The API's values of the form: `ip_access` as a list of addresses or ranges (null when empty). */
export function policyValues(d: PolicyDraft): Partial<PolicyRow> {
  const ips = d.ip_access
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    name: d.name.trim(),
    description: d.description || null,
    admin_access: d.admin_access,
    app_access: d.app_access,
    enforce_tfa: d.enforce_tfa,
    ip_access: ips.length > 0 ? ips : null,
  };
}

/** The inputs of a policy: name, description, the three access flags and the IP allow-list. */
export function PolicyFields({ id, draft, onChange }: { id: string; draft: PolicyDraft; onChange(d: PolicyDraft): void }) {
  const flag = (field: 'admin_access' | 'app_access' | 'enforce_tfa', label: string) => (
    <div class="field checkbox">
      <input
        id={`${id}-${field}`}
        type="checkbox"
        checked={draft[field]}
        onChange={(e) => onChange({ ...draft, [field]: e.currentTarget.checked })}
      />
      <label for={`${id}-${field}`}>{label}</label>
    </div>
  );
  return (
    <>
      <div class="field">
        <label for={`${id}-name`}>{t('Name')}</label>
        <input id={`${id}-name`} value={draft.name} required onInput={(e) => onChange({ ...draft, name: e.currentTarget.value })} />
      </div>
      <div class="field">
        <label for={`${id}-description`}>{t('Description')}</label>
        <input
          id={`${id}-description`}
          value={draft.description}
          onInput={(e) => onChange({ ...draft, description: e.currentTarget.value })}
        />
      </div>
      {flag('admin_access', t('Administrator access (everything, no rule needed)'))}
      {flag('app_access', t('App access (may use the admin app)'))}
      {flag('enforce_tfa', t('Require two-factor authentication'))}
      <div class="field">
        <label for={`${id}-ip_access`}>{t('Allowed IP addresses or ranges (comma-separated; empty: any)')}</label>
        <input id={`${id}-ip_access`} value={draft.ip_access} onInput={(e) => onChange({ ...draft, ip_access: e.currentTarget.value })} />
      </div>
    </>
  );
}

import type { RoleRow } from './access-api.js';
import { USER_STATUSES } from './users-query.js';
import { systemLabel } from '../ui/system-label.js';
import { t } from '../i18n/t.js';

export type UserDraft = { first_name: string; last_name: string; email: string; role: string; status: string; password: string };

type Props = { id: string; draft: UserDraft; roles: RoleRow[]; passwordLabel: string; onChange(draft: UserDraft): void };

/** The inputs of a user (create and edit): names, e-mail, role, status and a password. */
export function UserFields({ id, draft, roles, passwordLabel, onChange }: Props) {
  const text = (field: 'first_name' | 'last_name' | 'email' | 'password', label: string, type = 'text') => (
    <div class="field">
      <label for={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        type={type}
        autoComplete={field === 'password' ? 'new-password' : 'off'}
        value={draft[field]}
        onInput={(e) => onChange({ ...draft, [field]: e.currentTarget.value })}
      />
    </div>
  );
  return (
    <>
      {text('first_name', t('First name'))}
      {text('last_name', t('Last name'))}
      {text('email', t('Email'), 'email')}
      <div class="field">
        <label for={`${id}-role`}>{t('Role')}</label>
        <select id={`${id}-role`} value={draft.role} onChange={(e) => onChange({ ...draft, role: e.currentTarget.value })}>
          <option value="">{t('No role')}</option>
          {roles.map((r) => (
            <option key={r.id} value={r.id}>
              {systemLabel(r.name)}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for={`${id}-status`}>{t('Status')}</label>
        <select id={`${id}-status`} value={draft.status} onChange={(e) => onChange({ ...draft, status: e.currentTarget.value })}>
          {USER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {text('password', passwordLabel, 'password')}
    </>
  );
}

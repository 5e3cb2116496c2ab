import type { RoleRow } from './access-api.js';
import { possibleParents } from './role-parents.js';
import { systemLabel } from '../ui/system-label.js';
import { t } from '../i18n/t.js';

export type RoleDraft = { name: string; description: string; parent: string };

/** The inputs of a role: name, description and parent (not itself or one of its descendants). */
export function RoleFields({
  id,
  draft,
  roles,
  self,
  onChange,
}: {
  id: string;
  draft: RoleDraft;
  roles: RoleRow[];
  self: string | null;
  onChange(d: RoleDraft): void;
}) {
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
      <div class="field">
        <label for={`${id}-parent`}>{t('Parent role')}</label>
        <select id={`${id}-parent`} value={draft.parent} onChange={(e) => onChange({ ...draft, parent: e.currentTarget.value })}>
          <option value="">{t('No parent')}</option>
          {possibleParents(roles, self).map((r) => (
            <option key={r.id} value={r.id}>
              {systemLabel(r.name)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** The API's values of the form. */
export const roleValues = (draft: RoleDraft) => ({
  name: draft.name.trim(),
  description: draft.description || null,
  parent: draft.parent || null,
});

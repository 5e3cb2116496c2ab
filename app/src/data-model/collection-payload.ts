/** A new collection as a `createCollection` body (pure): its name, note and primary key. */
import { msg, t } from '../i18n/t.js';

export type PrimaryKeyKind = 'integer' | 'uuid' | 'string';

export const PRIMARY_KEY_KINDS: { value: PrimaryKeyKind; label: string }[] = [
  { value: 'integer', label: msg('Auto-increment integer') },
  { value: 'uuid', label: msg('Generated UUID') },
  { value: 'string', label: msg('Manually entered string') },
];

/** The primary key field of each kind. */
export function primaryKeyField(kind: PrimaryKeyKind, name = 'id'): Record<string, unknown> {
  if (kind === 'uuid')
    return {
      field: name,
      type: 'uuid',
      meta: { hidden: true, readonly: true, special: ['uuid'] },
      schema: { is_primary_key: true, is_nullable: false },
    };
  if (kind === 'string')
    return {
      field: name,
      type: 'string',
      meta: { hidden: false, readonly: false },
      schema: { is_primary_key: true, is_nullable: false, max_length: 255 },
    };
  return {
    field: name,
    type: 'integer',
    meta: { hidden: true, readonly: true },
    schema: { is_primary_key: true, has_auto_increment: true },
  };
}

export type CollectionDraft = { collection: string; primaryKey: PrimaryKeyKind; primaryKeyName: string; note: string };

/** The body of `createCollection`, or the problems keyed by input. */
export function collectionPayload(draft: CollectionDraft): { payload: Record<string, unknown> } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = draft.collection.trim();
  const key = draft.primaryKeyName.trim() || 'id';
  if (name === '') errors.collection = t('Enter a collection name.');
  else if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) errors.collection = t('Use letters, digits and underscores, not starting with a digit.');
  else if (name.startsWith('service_') || name.startsWith('directus_'))
    errors.collection = t('Names starting with service_ or directus_ are reserved.');
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) errors.primaryKeyName = t('Use letters, digits and underscores, not starting with a digit.');
  if (Object.keys(errors).length > 0) return { errors };
  return {
    payload: { collection: name, meta: { note: draft.note.trim() || null }, schema: {}, fields: [primaryKeyField(draft.primaryKey, key)] },
  };
}

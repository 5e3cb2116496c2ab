import type { CollectionAccess } from '../content/form-fields.js';
import { allows, errorsByField } from '../content/form-fields.js';
import { msg, t } from '../i18n/t.js';

/** The own-account fields the profile form offers (never the ones that decide access: role, status…). */
export const PROFILE_FIELDS = [
  { field: 'first_name', label: msg('First name'), multiline: false },
  { field: 'last_name', label: msg('Last name'), multiline: false },
  { field: 'email', label: msg('Email'), multiline: false },
  { field: 'title', label: msg('Title'), multiline: false },
  { field: 'location', label: msg('Location'), multiline: false },
  { field: 'description', label: msg('Description'), multiline: true },
] as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number] & { editable: boolean };

/**
 * The profile form's fields for what the user's policies let them update in service_users (the same
 * `/permissions/me` entry that decides the password change): the name and e-mail always (read-only when not
 * allowed), the other fields only when they may update them. Empty when they may update none.
 */
export function profileFields(access: CollectionAccess): ProfileField[] {
  const fields = PROFILE_FIELDS.map((f) => ({ ...f, editable: allows(access.update, f.field) }));
  if (!fields.some((f) => f.editable)) return [];
  return fields.filter((f) => f.editable || f.field === 'first_name' || f.field === 'last_name' || f.field === 'email');
}

/** The fields whose text differs from the stored profile, with empty text as null. */
export function changedProfile(
  fields: ProfileField[],
  stored: Record<string, unknown>,
  texts: Record<string, string>,
): Record<string, string | null> {
  const changed: Record<string, string | null> = {};
  for (const f of fields) {
    if (!f.editable) continue;
    const text = texts[f.field] ?? '';
    const before = typeof stored[f.field] === 'string' ? (stored[f.field] as string) : '';
    if (text !== before) changed[f.field] = text.trim() === '' ? null : text;
  }
  return changed;
}

/**
 * The API's refusals by field: those that carry `extensions.field` (RECORD_NOT_UNIQUE, FAILED_VALIDATION…), and
 * those whose message names one of the form's fields in quotes (`"email" must be a valid email`).
 */
export function profileErrors(error: unknown, fields: ProfileField[]): { fields: Record<string, string>; general: string[] } {
  const { fields: byField, general } = errorsByField(error);
  const rest: string[] = [];
  for (const message of general) {
    const named = fields.find((f) => message.includes(`"${f.field}"`));
    if (named && !(named.field in byField))
      byField[named.field] = message.replace(/^Invalid payload\.\s*/, '').replace(`"${named.field}"`, t(named.label));
    else rest.push(message);
  }
  if (byField.email && /has to be unique/.test(byField.email)) byField.email = t('Another account already uses this e-mail address.');
  return { fields: byField, general: rest };
}

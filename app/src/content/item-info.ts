import { msg } from '../i18n/t.js';
import type { RawFormField } from './form-fields.js';

/** What the side panel's Information section lists, in this order, by the field's `special`. */
const SPECIALS: [string, string][] = [
  ['user-created', msg('Created by')],
  ['date-created', msg('Created on')],
  ['user-updated', msg('Updated by')],
  ['date-updated', msg('Updated on')],
];

/** `label`: an English message key (shown with `t`); `user`: a user's key, shown by their name; `date`: a time. */
export type InfoRow = { label: string; field: string; value: unknown; kind: 'key' | 'user' | 'date' };

function specials(field: RawFormField): string[] {
  const special = field.meta?.special;
  return Array.isArray(special) ? special : typeof special === 'string' ? special.split(',') : [];
}

/**
 * The item's primary key, and who created and last updated it and when, where the collection has such fields
 * (`special` user-created, date-created, user-updated, date-updated).
 */
export function itemInfo(fields: RawFormField[], item: Record<string, unknown>, primaryKey: string): InfoRow[] {
  const rows: InfoRow[] = [{ label: msg('Primary key'), field: primaryKey, value: item[primaryKey], kind: 'key' }];
  for (const [special, label] of SPECIALS) {
    const field = fields.find((f) => specials(f).includes(special));
    if (field) rows.push({ label, field: field.field, value: item[field.field], kind: special.startsWith('date') ? 'date' : 'user' });
  }
  return rows;
}

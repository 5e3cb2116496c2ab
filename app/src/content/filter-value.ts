/**
 * The values of filter conditions: from the text of the builder's inputs to the typed value of the Directus
 * filter, and back. Dynamic values (`$CURRENT_USER`, `$NOW`, `$NOW(-7 days)`) stay as they are written; the
 * server resolves them for each request.
 */

import { isUuid } from '../../../shared/is-uuid.js';
import { t } from '../i18n/t.js';

/** A dynamic value the builder offers as a choice for a field. */
export type DynamicValue = '$CURRENT_USER' | '$CURRENT_ROLE' | '$CURRENT_ROLES' | '$CURRENT_POLICIES' | '$NOW';

/** What the value of a field is checked against: its type and the dynamic values it accepts. */
export type ValueField = { type: string; dynamic: readonly DynamicValue[] };

const DATE_TYPES = new Set(['date', 'dateTime', 'timestamp']);
const USER_COLLECTIONS = new Set(['service_users', 'directus_users']);
const ROLE_COLLECTIONS = new Set(['service_roles', 'directus_roles']);
const POLICY_COLLECTIONS = new Set(['service_policies', 'directus_policies']);

/**
 * `$NOW` for date fields, `$CURRENT_USER` for keys of users (a many-to-one to the users, or the users' own key),
 * `$CURRENT_ROLE` and `$CURRENT_ROLES` for keys of roles, `$CURRENT_POLICIES` for keys of policies (the
 * permission editor passes a collection's own key with the collection as `relatedCollection`).
 */
export function dynamicValuesFor(type: string, relatedCollection: string | null, isUserKey = false): DynamicValue[] {
  if (DATE_TYPES.has(type)) return ['$NOW'];
  if (isUserKey || (relatedCollection !== null && USER_COLLECTIONS.has(relatedCollection))) return ['$CURRENT_USER'];
  if (relatedCollection !== null && ROLE_COLLECTIONS.has(relatedCollection)) return ['$CURRENT_ROLE', '$CURRENT_ROLES'];
  if (relatedCollection !== null && POLICY_COLLECTIONS.has(relatedCollection)) return ['$CURRENT_POLICIES'];
  return [];
}

const LIST_VALUES = new Set<DynamicValue>(['$CURRENT_ROLES', '$CURRENT_POLICIES']);

/**
 * The dynamic values a value input offers: a single value takes the single ones (`$CURRENT_ROLES` and
 * `$CURRENT_POLICIES` are lists), a list (`_in`, `_nin`) takes the keys, lists included, but no `$NOW`.
 */
export function dynamicChoices(field: ValueField, list: boolean): DynamicValue[] {
  return field.dynamic.filter((value) => (list ? value !== '$NOW' : !LIST_VALUES.has(value)));
}

/** Whether `text` is one of the dynamic values the field accepts (`$NOW` with an adjustment counts as `$NOW`). */
export function dynamicValueOf(field: ValueField, text: string): DynamicValue | null {
  const trimmed = text.trim();
  const named = field.dynamic.find((value) => value !== '$NOW' && value === trimmed);
  if (named) return named;
  if (field.dynamic.includes('$NOW') && /^\$NOW(?:\([^()]*\))?$/.test(trimmed)) return '$NOW';
  return null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The filter value for one input's text; throws a sentence when the text is not a value of the field's type. */
export function parseFilterValue(field: ValueField, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') throw new Error(t('Enter a value.'));
  if (dynamicValueOf(field, text)) return trimmed;
  switch (field.type) {
    case 'integer':
      if (!/^-?\d+$/.test(trimmed)) throw new Error(t('Enter a whole number.'));
      return Number(trimmed);
    case 'bigInteger':
      if (!/^-?\d+$/.test(trimmed)) throw new Error(t('Enter a whole number.'));
      return trimmed;
    case 'float':
    case 'decimal': {
      if (!/^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(trimmed)) throw new Error(t('Enter a number.'));
      return field.type === 'decimal' ? trimmed : Number(trimmed);
    }
    case 'boolean':
      if (trimmed !== 'true' && trimmed !== 'false') throw new Error(t('Choose true or false.'));
      return trimmed === 'true';
    case 'date':
      if (!DATE.test(trimmed))
        throw new Error(offersNow(field) ? t('Enter a date (YYYY-MM-DD), or choose now.') : t('Enter a date (YYYY-MM-DD).'));
      return trimmed;
    case 'dateTime':
    case 'timestamp':
      if (!DATE_TIME.test(trimmed))
        throw new Error(
          offersNow(field) ? t('Enter a date and time (YYYY-MM-DDTHH:MM), or choose now.') : t('Enter a date and time (YYYY-MM-DDTHH:MM).'),
        );
      return trimmed;
    case 'time':
      if (!TIME.test(trimmed)) throw new Error(t('Enter a time (HH:MM).'));
      return trimmed;
    case 'uuid':
      if (!isUuid(trimmed))
        throw new Error(field.dynamic.includes('$CURRENT_USER') ? t('Enter a UUID, or choose the current user.') : t('Enter a UUID.'));
      return trimmed;
    default:
      // Text is compared as written (spaces included).
      return text;
  }
}

function offersNow(field: ValueField): boolean {
  return field.dynamic.includes('$NOW');
}

/** The values of an `_in` list: the texts between commas, each parsed; an empty list is refused. */
export function parseFilterList(field: ValueField, text: string): unknown[] {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) throw new Error(t('Enter one or more values, separated by commas.'));
  return parts.map((part) => parseFilterValue(field, part));
}

/** The text an input shows for a filter value. */
export function formatFilterValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** The text of an `_in` list's input. */
export function formatFilterList(value: unknown): string {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return list.map(formatFilterValue).join(', ');
}

/**
 * The field editor's state and its conversion to and from the API's field objects (pure, no DOM). The inputs
 * hold text; `fieldPayload` types it and reports what is wrong per input before anything is sent.
 */

import { FIELD_TYPES as ALL_FIELD_TYPES, type FieldType } from '../../../shared/field-types.js';
import { t } from '../i18n/t.js';
import { presentationMeta, presentationOf, showsChoices, type Presentation } from './field-presentation.js';
import type { RelationalKind } from './interface-choices.js';

/** The column types the editor offers (`alias` comes only with a one-to-many; `binary` and `unknown` are read-only). */
export type EditableType = Exclude<FieldType, 'alias' | 'binary' | 'unknown'>;

function isEditable(type: FieldType): type is EditableType {
  return type !== 'alias' && type !== 'binary' && type !== 'unknown';
}

export const FIELD_TYPES: readonly EditableType[] = ALL_FIELD_TYPES.filter(isEditable);

export type FieldDraft = {
  field: string;
  type: string;
  nullable: boolean;
  unique: boolean;
  defaultValue: string;
  maxLength: string;
  precision: string;
  scale: string;
  /** One choice a line: `value` or `value = Text`. */
  choices: string;
  note: string;
  required: boolean;
  readonly: boolean;
  hidden: boolean;
  sort: string;
} & Presentation;

export type ApiField = {
  field: string;
  type: string;
  meta?: {
    note?: string | null;
    required?: boolean | null;
    readonly?: boolean | null;
    hidden?: boolean | null;
    sort?: number | null;
    special?: string[] | string | null;
    interface?: string | null;
    options?: ({ choices?: { text?: string; value: unknown }[] | null; template?: unknown } & Record<string, unknown>) | null;
    display?: string | null;
    display_options?: ({ template?: unknown } & Record<string, unknown>) | null;
  } | null;
  schema?: {
    is_nullable?: boolean;
    is_unique?: boolean;
    is_primary_key?: boolean;
    has_auto_increment?: boolean;
    default_value?: unknown;
    max_length?: number | null;
    numeric_precision?: number | null;
    numeric_scale?: number | null;
  } | null;
};

/** Whether a type takes a length (string-like columns). */
export function hasLength(type: string): boolean {
  return type === 'string' || type === 'csv' || type === 'hash';
}

/** Whether a type takes precision and scale. */
export function hasPrecision(type: string): boolean {
  return type === 'decimal' || type === 'float';
}

/** A new field's editor state. */
export function emptyDraft(type = 'string'): FieldDraft {
  return {
    field: '',
    type,
    nullable: true,
    unique: false,
    defaultValue: '',
    maxLength: type === 'string' ? '255' : '',
    precision: type === 'decimal' ? '10' : '',
    scale: type === 'decimal' ? '5' : '',
    choices: '',
    note: '',
    required: false,
    readonly: false,
    hidden: false,
    sort: '',
    ...presentationOf(null, null),
  };
}

const text = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value as string | number | boolean);

/** The editor state of an existing field (`relation`: the kind of relation it has, for its interfaces and displays). */
export function draftFromField(field: ApiField, relation: RelationalKind | null = null): FieldDraft {
  const schema = field.schema ?? {};
  const meta = field.meta ?? {};
  const choices = meta.options?.choices ?? [];
  return {
    field: field.field,
    type: field.type,
    nullable: schema.is_nullable ?? true,
    unique: schema.is_unique ?? false,
    defaultValue: text(schema.default_value),
    maxLength: text(schema.max_length),
    precision: text(schema.numeric_precision),
    scale: text(schema.numeric_scale),
    choices: choices
      .map((c) => (c.text !== undefined && c.text !== text(c.value) ? `${text(c.value)} = ${c.text}` : text(c.value)))
      .join('\n'),
    note: meta.note ?? '',
    required: meta.required ?? false,
    readonly: meta.readonly ?? false,
    hidden: meta.hidden ?? false,
    sort: text(meta.sort),
    ...presentationOf(field.meta, relation),
  };
}

/** `value` or `value = Text` lines → Directus's `meta.options.choices`. */
export function parseChoices(source: string, type: string): { text: string; value: unknown }[] {
  const numeric = ['integer', 'bigInteger', 'float', 'decimal'].includes(type);
  return source
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf('=');
      const value = (at === -1 ? line : line.slice(0, at)).trim();
      const label = (at === -1 ? value : line.slice(at + 1)).trim() || value;
      return { text: label, value: numeric && value !== '' && !Number.isNaN(Number(value)) ? Number(value) : value };
    });
}

/** The default value's text typed for its column, or an error. */
function typedDefault(source: string, type: string): { value: unknown } | { error: string } {
  const value = source.trim();
  if (value === '') return { value: null };
  if (type === 'integer') return /^-?\d+$/.test(value) ? { value: Number(value) } : { error: t('Enter a whole number.') };
  if (type === 'float' || type === 'decimal' || type === 'bigInteger') {
    if (!/^-?\d+(\.\d+)?$/.test(value)) return { error: type === 'bigInteger' ? t('Enter a whole number.') : t('Enter a number.') };
    return { value: type === 'float' ? Number(value) : value };
  }
  if (type === 'boolean') {
    if (value === 'true' || value === 'false') return { value: value === 'true' };
    return { error: t('Enter true or false.') };
  }
  if (type === 'json') {
    try {
      return { value: JSON.parse(value) as unknown };
    } catch {
      return { error: t('Enter valid JSON.') };
    }
  }
  return { value };
}

function positive(source: string, label: string, errors: Record<string, string>, key: string): number | null {
  const value = source.trim();
  if (value === '') return null;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    errors[key] = t('{label} must be a whole number of at least 1.', { label });
    return null;
  }
  return Number(value);
}

export type FieldPayload = { field: string; type: string; schema: Record<string, unknown>; meta: Record<string, unknown> };

/**
 * The draft as a `createField`/`updateField` body, or the problems keyed by input (`field`, `defaultValue`,
 * `maxLength`, `precision`, `scale`, `sort`). Schema options a type does not take are left out.
 */
export function fieldPayload(draft: FieldDraft): { payload: FieldPayload } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = draft.field.trim();
  if (name === '') errors.field = t('Enter a field name.');
  else if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) errors.field = t('Use letters, digits and underscores, not starting with a digit.');
  const schema: Record<string, unknown> = { is_nullable: draft.nullable, is_unique: draft.unique };
  const typed = typedDefault(draft.defaultValue, draft.type);
  if ('error' in typed) errors.defaultValue = typed.error;
  else schema.default_value = typed.value;
  if (hasLength(draft.type)) {
    const length = positive(draft.maxLength, t('Length'), errors, 'maxLength');
    if (length !== null) schema.max_length = length;
  }
  if (hasPrecision(draft.type)) {
    const precision = positive(draft.precision, t('Precision'), errors, 'precision');
    const scaleText = draft.scale.trim();
    let scale: number | null = null;
    if (scaleText !== '') {
      if (!/^\d+$/.test(scaleText)) errors.scale = t('Scale must be a whole number.');
      else scale = Number(scaleText);
    }
    if (precision !== null && scale !== null && scale > precision) errors.scale = t('Scale cannot be larger than the precision.');
    if (precision !== null) schema.numeric_precision = precision;
    if (scale !== null) schema.numeric_scale = scale;
  }
  const meta: Record<string, unknown> = {
    note: draft.note.trim() || null,
    required: draft.required,
    readonly: draft.readonly,
    hidden: draft.hidden,
  };
  const sort = draft.sort.trim();
  if (sort !== '') {
    if (!/^\d+$/.test(sort)) errors.sort = t('Sort must be a whole number.');
    else meta.sort = Number(sort);
  }
  const choices = showsChoices(draft) ? parseChoices(draft.choices, draft.type) : [];
  Object.assign(meta, presentationMeta(draft, choices));
  if (draft.type === 'uuid') meta.special = ['uuid'];
  else if (draft.type === 'json') meta.special = ['cast-json'];
  else if (draft.type === 'boolean') meta.special = ['cast-boolean'];
  else if (draft.type === 'csv') meta.special = ['cast-csv'];
  else if (draft.type === 'hash') meta.special = ['hash'];
  if (Object.keys(errors).length > 0) return { errors };
  // An alias (one-to-many) has no column: metadata only.
  if (draft.type === 'alias') return { payload: { field: name, type: draft.type, schema: {}, meta } };
  return { payload: { field: name, type: draft.type, schema, meta } };
}

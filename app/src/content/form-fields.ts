import { t } from '../i18n/t.js';
import { fieldTemplate } from './display-value.js';
import { asTranslations, type FieldRelation } from './relations.js';

/**
 * The item form, generated from field metadata and the user's permissions (pure logic, no DOM): which fields
 * appear, with which input, whether they are required or read-only, and how typed values go to and from the
 * inputs' text.
 */

export type RawFieldMeta = {
  hidden?: boolean | null;
  readonly?: boolean | null;
  required?: boolean | null;
  note?: string | null;
  interface?: string | null;
  special?: string[] | string | null;
  options?:
    | ({
        choices?: { text?: string; value: unknown }[] | null;
        template?: string | null;
        /** A divider's title. */
        title?: string | null;
        /** A `group-detail`'s state on opening the form: `open` (the default) or `closed`. */
        start?: string | null;
      } & Record<string, unknown>)
    | null;
  /** The form's layout: the field's width, the group it sits in, its place (`sort`). */
  width?: string | null;
  group?: string | null;
  sort?: number | null;
  /** Shown on the field when the server refuses a value with FAILED_VALIDATION. */
  validation_message?: string | null;
  /** How the field shows in lists (`related-values` with `display_options.template` for a relational field). */
  display?: string | null;
  display_options?: ({ template?: string | null } & Record<string, unknown>) | null;
};
export type RawFieldSchema = {
  is_primary_key?: boolean;
  has_auto_increment?: boolean;
  is_nullable?: boolean;
  default_value?: unknown;
  max_length?: number | null;
};
export type RawFormField = { field: string; type: string; meta?: RawFieldMeta | null; schema?: RawFieldSchema | null };

export type ActionAccess = { access: 'none' | 'partial' | 'full'; fields?: string[] };
export type CollectionAccess = Partial<Record<'read' | 'create' | 'update' | 'delete', ActionAccess>>;

export type InputKind =
  | 'text'
  | 'textarea'
  | 'integer'
  | 'float'
  | 'boolean'
  | 'date'
  | 'time'
  | 'datetime'
  | 'json'
  | 'select'
  | 'm2o'
  | 'o2m'
  | 'm2m'
  | 'm2a'
  | 'translations';

export type FormField = {
  field: string;
  type: string;
  kind: InputKind;
  required: boolean;
  readOnly: boolean;
  note: string | null;
  maxLength: number | null;
  choices: { text: string; value: string }[];
  /** The relation of a many-to-one field or a one-to-many or many-to-many alias, else null. */
  relation: FieldRelation | null;
  /** A relational field's own display template (`display_options.template`), over the related collection's. */
  template?: string | null;
  /** Its width in the form's two columns (Directus's `meta.width`; no width is `full`). */
  width?: FieldWidth;
  /** The group field it sits in, or null at the top of the form. */
  group?: string | null;
  /** Its own message for a value the server refuses (FAILED_VALIDATION), else the server's. */
  validationMessage?: string | null;
  /** The field's interface (`meta.interface`, Directus's ids) and its options (`meta.options`). */
  interface: string | null;
  options: Record<string, unknown>;
};

export type FieldWidth = 'half' | 'half-left' | 'half-right' | 'full' | 'fill';
const WIDTHS: readonly string[] = ['half', 'half-left', 'half-right', 'full', 'fill'];

/** A field's width from its metadata: an unknown or missing one is `full`. */
export function fieldWidth(meta: RawFieldMeta | null | undefined): FieldWidth {
  return WIDTHS.includes(meta?.width ?? '') ? (meta!.width as FieldWidth) : 'full';
}

const KIND_BY_TYPE: Record<string, InputKind> = {
  string: 'text',
  uuid: 'text',
  hash: 'text',
  csv: 'text',
  text: 'textarea',
  integer: 'integer',
  bigInteger: 'integer',
  float: 'float',
  decimal: 'float',
  boolean: 'boolean',
  date: 'date',
  time: 'time',
  dateTime: 'datetime',
  timestamp: 'datetime',
  json: 'json',
};

const LIST_TYPES = new Set(['json', 'csv']);

/** A relation edited as a list of related items (one-to-many, many-to-many, translations) rather than a value. */
export function isList(relation: FieldRelation | undefined | null): boolean {
  return relation?.kind === 'o2m' || relation?.kind === 'm2m' || relation?.kind === 'm2a' || relation?.kind === 'translations';
}

/** Whether an action's field list allows `field` (`*` is every field; no list means every field). */
export function allows(access: ActionAccess | undefined, field: string): boolean {
  if (!access || access.access === 'none') return false;
  return !access.fields || access.fields.includes('*') || access.fields.includes(field);
}

/**
 * The fields of the form for a new item (`create`) or an existing one (`update`): hidden fields, aliases
 * (but one-to-many and many-to-many ones, given `relations`) and fields the user may not read are left out; fields they may not
 * write, read-only ones and generated keys are read-only; a field is required by its metadata, or when the
 * column takes no null and has no default. A field with a relation to another collection is a picker.
 */
export function buildFormFields(
  fields: RawFormField[],
  access: CollectionAccess,
  mode: 'create' | 'update',
  relations: Record<string, FieldRelation> = {},
): FormField[] {
  const write = access[mode];
  return fields
    .filter((f) => (f.type !== 'alias' || isList(formRelation(f, relations[f.field]))) && !f.meta?.hidden)
    .filter((f) => mode === 'create' || allows(access.read, f.field))
    .filter((f) => mode === 'update' || allows(write, f.field) || (f.schema?.is_primary_key && !f.schema.has_auto_increment))
    .map((f) => {
      const generated = f.schema?.is_primary_key === true && f.schema.has_auto_increment === true;
      const choices = (f.meta?.options?.choices ?? []).map((c) => ({ text: c.text ?? String(c.value), value: String(c.value) }));
      const relation = formRelation(f, relations[f.field]);
      const columnRequired =
        f.type !== 'alias' &&
        f.schema?.is_nullable === false &&
        (f.schema.default_value === null || f.schema.default_value === undefined) &&
        !generated;
      const readOnly =
        generated || f.meta?.readonly === true || !allows(write, f.field) || (mode === 'update' && f.schema?.is_primary_key === true);
      return {
        field: f.field,
        type: f.type,
        // Choices of a list type (json, csv) are a list's, not one value's: the interface edits them.
        kind: relation ? relation.kind : choices.length > 0 && !LIST_TYPES.has(f.type) ? 'select' : (KIND_BY_TYPE[f.type] ?? 'text'),
        required: !readOnly && (f.meta?.required === true || columnRequired),
        readOnly,
        note: f.meta?.note ?? null,
        maxLength: f.schema?.max_length ?? null,
        choices,
        relation,
        template: fieldTemplate(f.meta),
        width: fieldWidth(f.meta),
        group: f.meta?.group ?? null,
        validationMessage: f.meta?.validation_message ?? null,
        interface: f.meta?.interface ?? null,
        options: { ...(f.meta?.options ?? {}) },
      };
    });
}

/** A field's relation in the form: a many-to-many whose interface is `translations` is edited as translations. */
export function formRelation(field: RawFormField, relation: FieldRelation | undefined): FieldRelation | null {
  if (relation?.kind === 'm2m' && field.meta?.interface === 'translations') return asTranslations(relation);
  return relation ?? null;
}

/** The text an input shows for a stored value. */
export function toInputText(field: FormField, value: unknown): string {
  if (value === null || value === undefined || isList(field.relation)) return '';
  if (field.kind === 'json') return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  if (field.kind === 'datetime' && typeof value === 'string') return value.slice(0, 19);
  if (field.kind === 'time' && typeof value === 'string') return value.slice(0, 8);
  return String(value);
}

/** A text column edited in the code interface as JSON: its text must parse before it is saved. */
function isJsonCode(field: FormField): boolean {
  return field.interface === 'input-code' && String(field.options.language ?? '').toLowerCase() === 'json';
}

/** The value to send for an input's text; throws a sentence when the text cannot be that type. */
export function fromInputText(field: FormField, text: string): unknown {
  if (field.kind === 'boolean') return text === 'true';
  if (text.trim() === '') return null;
  if (field.kind !== 'json' && isJsonCode(field)) {
    try {
      JSON.parse(text);
    } catch {
      throw new Error(t('Enter valid JSON.'));
    }
    return text;
  }
  switch (field.kind) {
    case 'm2o':
      return field.type === 'integer' ? Number(text) : text;
    case 'integer': {
      if (!/^-?\d+$/.test(text.trim())) throw new Error(t('Enter a whole number.'));
      return field.type === 'bigInteger' ? text.trim() : Number(text);
    }
    case 'float': {
      const number = Number(text);
      if (!Number.isFinite(number)) throw new Error(t('Enter a number.'));
      return field.type === 'decimal' ? text.trim() : number;
    }
    case 'json':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new Error(t('Enter valid JSON.'));
      }
    default:
      return text;
  }
}

/** The fields whose text changed against the item as loaded: the payload of an update (one-to-many lists aside). */
export function changedValues(
  fields: FormField[],
  original: Record<string, unknown>,
  texts: Record<string, string>,
): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const field of fields) {
    if (field.readOnly || isList(field.relation)) continue;
    const text = texts[field.field] ?? '';
    if (text !== toInputText(field, original[field.field])) changed[field.field] = text;
  }
  return changed;
}

type ApiError = { message?: string; extensions?: { code?: string; field?: string | null } };

/**
 * The API's errors by the field they concern (FAILED_VALIDATION, NOT_NULL_VIOLATION, VALUE_TOO_LONG,
 * RECORD_NOT_UNIQUE… carry `extensions.field`), and the rest as general messages. A FAILED_VALIDATION on a field
 * of `form` with its own `validationMessage` reads that message.
 */
export function errorsByField(error: unknown, form: FormField[] = []): { fields: Record<string, string>; general: string[] } {
  const errors = (error as { errors?: unknown } | null)?.errors;
  const result = { fields: {} as Record<string, string>, general: [] as string[] };
  if (!Array.isArray(errors)) return result;
  for (const entry of errors as ApiError[]) {
    const field = entry.extensions?.field;
    const message = (entry.message ?? t('Not accepted.')).replace(/^Validation failed for field "[^"]*"(?: at "[^"]*")?\.\s*/, '');
    const own = entry.extensions?.code === 'FAILED_VALIDATION' ? form.find((f) => f.field === field)?.validationMessage : null;
    if (field) result.fields[field] ??= own ?? message;
    else result.general.push(message);
  }
  return result;
}

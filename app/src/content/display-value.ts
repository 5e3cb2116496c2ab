import type { RawFormField } from './form-fields.js';

/**
 * How the items of a collection read when another item points at them (pure): the collection's
 * `meta.display_template` (`{{ first_name }} {{ last_name }}`) when the user may read every field it names, else a
 * name-like string field, else the primary key.
 */
export type DisplayPlan = {
  collection: string;
  primaryKey: string;
  /** The key's field type: a picked key is sent as a number for integer keys. */
  keyType: string;
  /** What to ask the API for (the key first). */
  fields: string[];
  template: string | null;
  labelField: string | null;
};

export type PrimaryKey = string | number;
/** A related item as a picker or a list shows it. */
export type RelatedOption = { key: PrimaryKey; text: string };

const TOKEN = /\{\{\s*([\w$.-]+)\s*\}\}/g;
const NAME_LIKE = ['name', 'title', 'label', 'full_name', 'first_name', 'username', 'email', 'slug', 'code'];

/** The field paths a display template names, in order, once each. */
export function templateFields(template: string): string[] {
  return [...new Set([...template.matchAll(TOKEN)].map((match) => match[1]!))];
}

/**
 * The template a relational field asks for itself (pure): its display's `display_options.template`, else its
 * interface's `options.template` (the many-to-one dropdown's), else none (the related collection's own applies).
 */
export function fieldTemplate(meta: RawFormField['meta']): string | null {
  const own = meta?.display_options?.template ?? meta?.options?.template ?? null;
  return own && own.trim() !== '' ? own : null;
}

/** The plan for a collection's display value, from its fields, its display template and what the user may read. */
export function planDisplay(
  collection: string,
  fields: RawFormField[],
  template: string | null | undefined,
  mayRead: (field: string) => boolean,
): DisplayPlan {
  const key = fields.find((f) => f.schema?.is_primary_key === true);
  const primaryKey = key?.field ?? 'id';
  // A template naming a field the user may not read would show holes: then the label field instead.
  const named = template ? templateFields(template) : [];
  const tokens = named.every((path) => mayRead(path.split('.')[0]!)) ? named : [];
  const strings = fields.filter(
    (f) => (f.type === 'string' || f.type === 'text') && f.field !== primaryKey && !f.meta?.hidden && mayRead(f.field),
  );
  const label =
    NAME_LIKE.map((name) => strings.find((f) => f.field === name)).find(Boolean) ?? strings.find((f) => f.type === 'string') ?? strings[0];
  const labelField = label?.field ?? null;
  return {
    collection,
    primaryKey,
    keyType: key?.type ?? 'integer',
    fields: [...new Set([primaryKey, ...tokens, ...(labelField ? [labelField] : [])])],
    template: tokens.length > 0 ? template! : null,
    labelField,
  };
}

function valueAt(item: Record<string, unknown>, path: string): unknown {
  let value: unknown = item;
  for (const part of path.split('.'))
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

const asText = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value as string | number | boolean);

/** The text of one related item: its template filled in, else its label field, else its key. */
export function displayText(plan: DisplayPlan, item: Record<string, unknown>): string {
  if (plan.template) {
    const filled = plan.template
      .replace(TOKEN, (_token, path: string) => asText(valueAt(item, path)))
      .replace(/\s+/g, ' ')
      .trim();
    if (filled !== '') return filled;
  }
  const label = plan.labelField ? asText(item[plan.labelField]).trim() : '';
  return label !== '' ? label : asText(item[plan.primaryKey]);
}

/** An item as an option of a picker. */
export function toOption(plan: DisplayPlan, item: Record<string, unknown>): RelatedOption {
  return { key: item[plan.primaryKey] as PrimaryKey, text: displayText(plan, item) };
}

/** Users are not in /items: their plan is fixed (name, else e-mail). */
export const USERS_PLAN: DisplayPlan = {
  collection: 'service_users',
  primaryKey: 'id',
  keyType: 'uuid',
  fields: ['id', 'first_name', 'last_name', 'email'],
  template: '{{ first_name }} {{ last_name }}',
  labelField: 'email',
};

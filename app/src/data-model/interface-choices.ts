import { CELL_DISPLAYS } from '../content/cell-displays.js';
import { msg } from '../i18n/t.js';
import { BASIC_INTERFACES } from '../interfaces/basic-interfaces.js';
import { RICH_INTERFACES } from '../interfaces/rich-interfaces.js';

/**
 * Which interfaces (`meta.interface`) and displays (`meta.display`) the field editor offers for a field, by its
 * type and, for a relational field, the kind of its relation (pure). One table says what each of Directus's ids
 * fits; the editor offers only the ids the app draws: the item form's registries (`basic-interfaces.ts`,
 * `rich-interfaces.ts`) and what `field-input.tsx` draws itself, the list's `cell-displays.ts` and the cells that
 * keep their own text.
 */

/** How a field relates to another collection, as the choosers see it (null: it holds a plain value). */
export type RelationalKind = 'm2o' | 'file' | 'o2m' | 'm2m' | 'm2a';

/** One interface or display: its label (a message), the types or relations it fits, and what it uses. */
export type Choice = {
  id: string;
  label: string;
  types?: readonly string[];
  relations?: readonly RelationalKind[];
  /** Its values come from `meta.options.choices` (the editor shows the choices). */
  choices?: boolean;
  /** It shows related items through a display template. */
  template?: boolean;
};

const TEXT = ['string', 'text'];
const NUMBERS = ['integer', 'bigInteger', 'float', 'decimal'];
const LISTS = ['json', 'csv'];
const TIMES = ['date', 'time', 'dateTime', 'timestamp'];
const VALUES = [...TEXT, ...NUMBERS, ...LISTS, ...TIMES, 'boolean', 'uuid', 'hash'];

export const INTERFACES: readonly Choice[] = [
  { id: 'input', label: msg('Text input'), types: ['string', 'uuid', 'hash', ...NUMBERS] },
  { id: 'input-multiline', label: msg('Text area'), types: ['text'] },
  { id: 'input-rich-text-md', label: msg('Markdown'), types: TEXT },
  { id: 'input-rich-text-html', label: msg('WYSIWYG (HTML)'), types: TEXT },
  { id: 'input-code', label: msg('Code'), types: [...TEXT, 'json'] },
  { id: 'select-dropdown', label: msg('Dropdown'), types: [...TEXT, ...NUMBERS], choices: true },
  { id: 'select-radio', label: msg('Radio buttons'), types: [...TEXT, ...NUMBERS], choices: true },
  { id: 'select-multiple-checkbox', label: msg('Checkboxes'), types: LISTS, choices: true },
  { id: 'select-multiple-dropdown', label: msg('Dropdown (several values)'), types: LISTS, choices: true },
  { id: 'tags', label: msg('Tags'), types: LISTS },
  { id: 'select-color', label: msg('Colour'), types: ['string'] },
  { id: 'slider', label: msg('Slider'), types: NUMBERS },
  { id: 'boolean', label: msg('Toggle'), types: ['boolean'] },
  { id: 'datetime', label: msg('Date and time'), types: TIMES },
  { id: 'select-dropdown-m2o', label: msg('Related item (many-to-one)'), relations: ['m2o'], template: true },
  { id: 'file', label: msg('File'), relations: ['file'] },
  { id: 'file-image', label: msg('Image'), relations: ['file'] },
  { id: 'list-o2m', label: msg('Related items (one-to-many)'), relations: ['o2m'], template: true },
  { id: 'list-m2m', label: msg('Related items (many-to-many)'), relations: ['m2m'], template: true },
  { id: 'translations', label: msg('Translations'), relations: ['m2m'] },
  { id: 'list-m2a', label: msg('Related items (many-to-any)'), relations: ['m2a'] },
];

export const DISPLAYS: readonly Choice[] = [
  { id: 'raw', label: msg('Raw value'), types: VALUES },
  { id: 'formatted-value', label: msg('Formatted value'), types: [...TEXT, ...NUMBERS] },
  { id: 'labels', label: msg('Labels'), types: [...TEXT, ...NUMBERS, ...LISTS], choices: true },
  { id: 'boolean', label: msg('Yes or no'), types: ['boolean'] },
  { id: 'datetime', label: msg('Date and time'), types: TIMES },
  { id: 'color', label: msg('Colour'), types: ['string'] },
  { id: 'image', label: msg('Image'), relations: ['file'] },
  { id: 'related-values', label: msg('Related values'), relations: ['m2o', 'file', 'o2m', 'm2m', 'm2a'], template: true },
];

/** Interfaces `field-input.tsx` draws without a registry: text inputs, the dropdown of choices, relational pickers and lists. */
const FORM_BUILT_IN = [
  'input',
  'input-multiline',
  'select-dropdown',
  'select-dropdown-m2o',
  'file',
  'file-image',
  'list-o2m',
  'list-m2m',
  'translations',
  'list-m2a',
];
/** Displays whose cells keep their own text (the value, or the related item through its template). */
const CELL_BUILT_IN = ['raw', 'related-values'];

/** The interfaces the item form draws. */
export const DRAWN_INTERFACES: ReadonlySet<string> = new Set([
  ...Object.keys(BASIC_INTERFACES),
  ...Object.keys(RICH_INTERFACES),
  ...FORM_BUILT_IN,
]);
/** The displays the list draws. */
export const DRAWN_DISPLAYS: ReadonlySet<string> = new Set([...CELL_DISPLAYS, ...CELL_BUILT_IN]);

function fitting(table: readonly Choice[], drawn: ReadonlySet<string>, type: string, relation: RelationalKind | null): Choice[] {
  return table.filter(
    (choice) => drawn.has(choice.id) && (relation ? (choice.relations ?? []).includes(relation) : (choice.types ?? []).includes(type)),
  );
}

/** The interfaces that fit a field of `type` (for a relational field: its relation's kind). */
export function interfaceChoices(type: string, relation: RelationalKind | null = null): Choice[] {
  return fitting(INTERFACES, DRAWN_INTERFACES, type, relation);
}

/** The displays that fit a field of `type` (for a relational field: its relation's kind). */
export function displayChoices(type: string, relation: RelationalKind | null = null): Choice[] {
  return fitting(DISPLAYS, DRAWN_DISPLAYS, type, relation);
}

/** Whether an interface takes its values from a list of choices. */
export function usesChoices(id: string): boolean {
  return INTERFACES.some((choice) => choice.id === id && choice.choices === true);
}

/** Whether an interface or display shows related items through a template. */
export function usesTemplate(id: string, table: readonly Choice[] = INTERFACES): boolean {
  return table.some((choice) => choice.id === id && choice.template === true);
}

type RelationLike = {
  collection: string;
  field: string;
  related_collection: string | null;
  meta?: { one_field?: string | null; junction_field?: string | null } | null;
};

const FILES = new Set(['service_files', 'directus_files']);

/**
 * The kind of relation a field of `collection` has: from its `special` flags (`m2m`, `files`, `translations`,
 * `m2a`, `o2m`, `file`, `m2o`) or, without them, from the relation that names it (a foreign key here, or the alias a
 * relation lists as its `one_field`). Null for a field that holds a plain value.
 */
export function relationalKind(
  collection: string,
  field: { field: string; meta?: { special?: string[] | string | null } | null },
  relations: readonly RelationLike[],
): RelationalKind | null {
  const special = [field.meta?.special ?? []].flat();
  if (special.some((s) => s === 'm2m' || s === 'files' || s === 'translations')) return 'm2m';
  if (special.includes('m2a')) return 'm2a';
  if (special.includes('o2m')) return 'o2m';
  if (special.includes('file')) return 'file';
  const own = relations.find((r) => r.collection === collection && r.field === field.field);
  if (own) return own.related_collection === null ? null : FILES.has(own.related_collection) ? 'file' : 'm2o';
  if (special.includes('m2o')) return 'm2o';
  const listed = relations.find((r) => r.related_collection === collection && r.meta?.one_field === field.field);
  if (listed) return listed.meta?.junction_field ? 'm2m' : 'o2m';
  return null;
}

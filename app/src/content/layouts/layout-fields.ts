/**
 * Which fields suit each layout and which fields a layout reads (pure): date fields for the calendar, fields with
 * choices for the kanban, file fields for the cards' image; the cards' title and subtitle as display templates.
 */
import { planDisplay, type DisplayPlan } from '../display-value.js';
import type { FieldPath } from '../field-paths.js';
import { allows, type CollectionAccess, type RawFormField } from '../form-fields.js';
import { textOption, type LayoutName, type LayoutOptions } from '../list-layout.js';

const DATE_TYPES = new Set(['date', 'dateTime', 'timestamp']);
const FILE_INTERFACES = new Set(['file', 'file-image']);

const own = (paths: FieldPath[]) => paths.filter((p) => !p.path.includes('.'));

/** The collection's own readable date and date-time fields. */
export function dateFields(paths: FieldPath[]): FieldPath[] {
  return own(paths).filter((p) => DATE_TYPES.has(p.type));
}

/** The collection's own readable fields with choices (`meta.options.choices`). */
export function choiceFields(paths: FieldPath[]): FieldPath[] {
  return own(paths).filter((p) => p.choices.length > 0);
}

/** The collection's readable file fields (a file interface, or `special` naming `file`). */
export function fileFields(fields: RawFormField[], paths: FieldPath[]): string[] {
  const readable = new Set(own(paths).map((p) => p.path));
  return fields
    .filter((f) => readable.has(f.field))
    .filter((f) => FILE_INTERFACES.has(f.meta?.interface ?? '') || [f.meta?.special ?? []].flat().includes('file'))
    .map((f) => f.field);
}

/** The layouts a collection offers: the table and cards always, the calendar with a date field, kanban with choices. */
export function availableLayouts(paths: FieldPath[]): LayoutName[] {
  return [
    'tabular',
    'cards',
    ...(dateFields(paths).length > 0 ? (['calendar'] as const) : []),
    ...(choiceFields(paths).length > 0 ? (['kanban'] as const) : []),
  ];
}

type Schema = { fields: RawFormField[]; access: CollectionAccess; paths: FieldPath[]; template: string | null };

/** How a card (or a kanban card, a calendar entry) reads: its title and subtitle templates, and its image field. */
export type CardPlan = { title: DisplayPlan; subtitle: DisplayPlan | null; image: string | null };

export function cardPlan(collection: string, schema: Schema, options: LayoutOptions): CardPlan {
  const mayRead = (field: string) => allows(schema.access.read, field);
  const subtitle = textOption(options, 'subtitle');
  const image = textOption(options, 'imageSource');
  return {
    title: planDisplay(collection, schema.fields, textOption(options, 'title') ?? schema.template, mayRead),
    subtitle: subtitle ? planDisplay(collection, schema.fields, subtitle, mayRead) : null,
    image: image && fileFields(schema.fields, schema.paths).includes(image) ? image : null,
  };
}

/** The fields a card reads: the key, the image and the templates' fields. */
export function cardFields(plan: CardPlan, extra: (string | null)[] = []): string[] {
  const fields = [plan.title.primaryKey, ...(plan.image ? [plan.image] : []), ...plan.title.fields, ...(plan.subtitle?.fields ?? [])];
  return [...new Set([...fields, ...extra.filter((f): f is string => f !== null)])];
}

/** A chosen field among the suitable ones, else the first suitable one (null: none). */
export function chosenField(options: LayoutOptions, name: string, suitable: string[]): string | null {
  const chosen = textOption(options, name);
  return chosen && suitable.includes(chosen) ? chosen : (suitable[0] ?? null);
}

/**
 * How a field is edited and shown (pure): its interface (`meta.interface`) with its options and choices, its display
 * (`meta.display`) with its options, and a relational field's display template. Part of the field editor's draft.
 */
import { displayChoices, DISPLAYS, interfaceChoices, usesChoices, usesTemplate, type RelationalKind } from './interface-choices.js';

export type Presentation = {
  /** The interface's id; empty: the item form's default for the type. */
  interface: string;
  /** The display's id; empty: the value as text. */
  display: string;
  /** A relational field's display template (`{{title}}`); empty: the related collection's own. */
  template: string;
  /** The interface's other options, kept as they are (`choices`, and a relational field's `template`, come from the inputs). */
  options: Record<string, unknown>;
  /** The display's other options, kept as they are. */
  displayOptions: Record<string, unknown>;
  /** The field's relation (it decides which interfaces and displays fit); null for a plain value. */
  relation: RelationalKind | null;
};

type Meta = {
  interface?: string | null;
  options?: Record<string, unknown> | null;
  display?: string | null;
  display_options?: Record<string, unknown> | null;
} | null;

const without = (options: Record<string, unknown> | null | undefined, ...keys: string[]) =>
  Object.fromEntries(Object.entries(options ?? {}).filter(([key]) => !keys.includes(key)));

const templateText = (value: unknown) => (typeof value === 'string' ? value : '');

/** The presentation of a field as stored (no metadata: the defaults). */
export function presentationOf(meta: Meta | undefined, relation: RelationalKind | null): Presentation {
  // Only a relational field's template is the template input's; any other stays among the options.
  const template = relation ? ['template'] : [];
  return {
    interface: meta?.interface ?? '',
    display: meta?.display ?? '',
    template: relation ? templateText(meta?.display_options?.template) || templateText(meta?.options?.template) : '',
    options: without(meta?.options, 'choices', ...template),
    displayOptions: without(meta?.display_options, ...template),
    relation,
  };
}

/** Whether a type can offer a list of choices (a dropdown when no interface is chosen). */
export function hasChoices(type: string): boolean {
  return ['string', 'text', 'integer', 'bigInteger', 'float', 'decimal', 'csv'].includes(type);
}

/** Whether the editor shows the choices: the interface takes them, or none is chosen and the type can have them. */
export function showsChoices(draft: { type: string; interface: string; relation: RelationalKind | null }): boolean {
  if (draft.relation) return false;
  return draft.interface === '' ? hasChoices(draft.type) : usesChoices(draft.interface);
}

/** Whether the editor shows the display template: a relational field whose interface or display uses one. */
export function showsTemplate(draft: Pick<Presentation, 'interface' | 'display' | 'relation'>): boolean {
  return draft.relation !== null && (usesTemplate(draft.interface) || usesTemplate(draft.display, DISPLAYS));
}

/**
 * The metadata of a presentation: the interface (choices without one give the dropdown, as before there was a
 * choice), its options with the choices and template, the display and its options (null when empty).
 */
export function presentationMeta(draft: Presentation, choices: { text: string; value: unknown }[]): Record<string, unknown> {
  const template = showsTemplate(draft) ? draft.template.trim() : '';
  const options: Record<string, unknown> = { ...draft.options };
  if (choices.length > 0) options.choices = choices;
  if (template !== '' && usesTemplate(draft.interface)) options.template = template;
  const displayOptions: Record<string, unknown> = { ...draft.displayOptions };
  if (template !== '') displayOptions.template = template;
  return {
    interface: draft.interface || (choices.length > 0 ? 'select-dropdown' : null),
    options: Object.keys(options).length > 0 ? options : null,
    display: draft.display || null,
    display_options: Object.keys(displayOptions).length > 0 ? displayOptions : null,
  };
}

/** The draft for another type: its interface and display are kept when they still fit, else back to the defaults. */
export function retype<D extends Presentation & { type: string }>(draft: D, type: string): D {
  const fits = (list: { id: string }[], id: string) => id === '' || list.some((choice) => choice.id === id);
  return {
    ...draft,
    type,
    interface: fits(interfaceChoices(type, draft.relation), draft.interface) ? draft.interface : '',
    display: fits(displayChoices(type, draft.relation), draft.display) ? draft.display : '',
  };
}

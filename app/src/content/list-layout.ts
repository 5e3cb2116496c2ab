/**
 * The list page's layout (pure): which one shows the items (`layout=cards`) and every layout's options
 * (`options={"cards":{…},"tabular":{…}}`, JSON, by layout as Directus's `layout_options`) in the address, next to
 * the table query (table-query.ts). Switching layouts keeps each layout's options. A saved view keeps them as a
 * Directus preset does: `layout` and `layout_options.<layout>`.
 */
export const LAYOUT_NAMES = ['tabular', 'cards', 'calendar', 'kanban'] as const;
export type LayoutName = (typeof LAYOUT_NAMES)[number];
export type LayoutOptions = Record<string, unknown>;
/** Each layout's options by its name (Directus's `layout_options`); a layout without options is left out. */
export type OptionsByLayout = Partial<Record<LayoutName, LayoutOptions>>;
export type ListView = { layout: LayoutName; options: OptionsByLayout };

export const DEFAULT_VIEW: ListView = { layout: 'tabular', options: {} };

export function isLayoutName(value: unknown): value is LayoutName {
  return typeof value === 'string' && (LAYOUT_NAMES as readonly string[]).includes(value);
}

function asOptions(value: unknown): LayoutOptions {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as LayoutOptions) : {};
}

/** The options of each known layout in `value` (`layout_options`), the empty and malformed ones left out. */
function byLayout(value: unknown): OptionsByLayout {
  const out: OptionsByLayout = {};
  for (const [name, options] of Object.entries(asOptions(value))) {
    if (isLayoutName(name) && Object.keys(asOptions(options)).length > 0) out[name] = asOptions(options);
  }
  return out;
}

/** The options of one layout of the view (its current one by default). */
export function optionsOf(view: ListView, layout: LayoutName = view.layout): LayoutOptions {
  return view.options[layout] ?? {};
}

/** The view with another layout shown; every layout keeps its options. */
export function withLayout(view: ListView, layout: LayoutName): ListView {
  return { layout, options: view.options };
}

/**
 * The view showing `layout` (its own by default) with that layout's options replaced (options set to undefined
 * left out), the other layouts' kept.
 */
export function withOptions(view: ListView, options: LayoutOptions, layout: LayoutName = view.layout): ListView {
  const set = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const rest = { ...view.options };
  delete rest[layout];
  return { layout, options: Object.keys(set).length > 0 ? { ...rest, [layout]: set } : rest };
}

/**
 * The layout and the layouts' options of an address's query string; the table with no options when absent or
 * wrong (unknown layouts left out). An older address's options of the shown layout alone (`options={"size":"large"}`)
 * are that layout's.
 */
export function parseListView(search: string): ListView {
  const params = new URLSearchParams(search);
  const layout = isLayoutName(params.get('layout')) ? (params.get('layout') as LayoutName) : 'tabular';
  let raw: LayoutOptions = {};
  try {
    raw = asOptions(JSON.parse(params.get('options') ?? '{}'));
  } catch {
    raw = {};
  }
  // No option of a layout is named after a layout, so options keyed by layout names are every layout's.
  const keyed = Object.keys(raw).some(isLayoutName);
  return { layout, options: keyed ? byLayout(raw) : byLayout({ [layout]: raw }) };
}

/** Adds the layout and the layouts' options to a table query string (`?page=2` → `?page=2&layout=cards`). */
export function withListView(queryString: string, view: ListView): string {
  const params = new URLSearchParams(queryString);
  const options = byLayout(view.options);
  if (view.layout !== 'tabular') params.set('layout', view.layout);
  if (Object.keys(options).length > 0) params.set('options', JSON.stringify(options));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A preset's view: its `layout` and the options of each layout in `layout_options`. */
export function viewOfPreset(layout: unknown, layoutOptions: unknown): ListView {
  return { layout: isLayoutName(layout) ? layout : 'tabular', options: byLayout(layoutOptions) };
}

/** A preset's `layout_options`: every layout's options (null when there are none). */
export function presetLayoutOptions(view: ListView): OptionsByLayout | null {
  const options = byLayout(view.options);
  return Object.keys(options).length > 0 ? options : null;
}

/** A string option (a field's name, a template), or null. */
export function textOption(options: LayoutOptions, name: string): string | null {
  const value = options[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The table's column widths in pixels by path (`layout_options.tabular.widths`). */
export function columnWidths(options: LayoutOptions): Record<string, number> {
  const widths = asOptions(options.widths);
  const out: Record<string, number> = {};
  for (const [path, width] of Object.entries(widths)) if (typeof width === 'number' && width > 0) out[path] = width;
  return out;
}

/** Width bounds of a resized column, and the step of one arrow key press. */
export const MIN_WIDTH = 60;
export const MAX_WIDTH = 800;
export const WIDTH_STEP = 10;

export function clampWidth(width: number): number {
  return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));
}

/** The list with the entry at `from` moved `by` places (clamped to the list); the same list when it cannot move. */
export function moveBy<T>(list: readonly T[], from: number, by: number): T[] {
  const to = Math.min(list.length - 1, Math.max(0, from + by));
  if (from < 0 || from >= list.length || to === from) return [...list];
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
}

/** The list with `entry` moved to the place of `target` (a drop on it). */
export function moveOnto<T>(list: readonly T[], entry: T, target: T): T[] {
  const from = list.indexOf(entry);
  const to = list.indexOf(target);
  if (from < 0 || to < 0) return [...list];
  return moveBy(list, from, to - from);
}

/** A selection with `key` added (`on`) or taken out. */
export function toggled(selection: Set<string>, key: string, on: boolean): Set<string> {
  const next = new Set(selection);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}

/** The address of an item's page (a card's, a calendar entry's or a row's link). */
export function itemHref(collection: string, key: string): string {
  return `/content/${encodeURIComponent(collection)}/${encodeURIComponent(key)}`;
}

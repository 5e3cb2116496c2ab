/**
 * The list page's layout (pure): which one shows the items (`layout=cards`) and that layout's options
 * (`options={…}`, JSON) in the address, next to the table query (table-query.ts). A saved view keeps them as a
 * Directus preset does: `layout` and `layout_options.<layout>`.
 */
export const LAYOUT_NAMES = ['tabular', 'cards', 'calendar', 'kanban'] as const;
export type LayoutName = (typeof LAYOUT_NAMES)[number];
export type LayoutOptions = Record<string, unknown>;
export type ListView = { layout: LayoutName; options: LayoutOptions };

export const DEFAULT_VIEW: ListView = { layout: 'tabular', options: {} };

export function isLayoutName(value: unknown): value is LayoutName {
  return typeof value === 'string' && (LAYOUT_NAMES as readonly string[]).includes(value);
}

function asOptions(value: unknown): LayoutOptions {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as LayoutOptions) : {};
}

/** The layout and its options of an address's query string; the table with no options when absent or wrong. */
export function parseListView(search: string): ListView {
  const params = new URLSearchParams(search);
  const layout = params.get('layout');
  let options: LayoutOptions = {};
  try {
    options = asOptions(JSON.parse(params.get('options') ?? '{}'));
  } catch {
    options = {};
  }
  return { layout: isLayoutName(layout) ? layout : 'tabular', options };
}

/** Adds the layout and its options to a table query string (`?page=2` → `?page=2&layout=cards`). */
export function withListView(queryString: string, view: ListView): string {
  const params = new URLSearchParams(queryString);
  if (view.layout !== 'tabular') params.set('layout', view.layout);
  if (Object.keys(view.options).length > 0) params.set('options', JSON.stringify(view.options));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A preset's view: its `layout` and `layout_options.<layout>`. */
export function viewOfPreset(layout: unknown, layoutOptions: unknown): ListView {
  const name = isLayoutName(layout) ? layout : 'tabular';
  return { layout: name, options: asOptions(asOptions(layoutOptions)[name]) };
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

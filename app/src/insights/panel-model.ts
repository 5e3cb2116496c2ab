import { locale, msg, plural, t } from '../i18n/t.js';
/**
 * The Insights panels as data: their types and options (Directus 11's panel shapes where they fit), the aggregate
 * query each type sends to `/items/:collection`, and how an answer becomes a number, a series or a list. Pure logic,
 * so every panel computes through the public API under the viewer's permissions.
 */

export const PANEL_TYPES = ['metric', 'list', 'time-series', 'bar-chart', 'line-chart', 'label'] as const;
export type PanelType = (typeof PANEL_TYPES)[number];

export const PANEL_LABELS: Record<PanelType, string> = {
  metric: msg('Metric'),
  list: msg('List'),
  'time-series': msg('Time series'),
  'bar-chart': msg('Bar chart'),
  'line-chart': msg('Line chart'),
  label: msg('Label'),
};

export const AGGREGATES = ['count', 'countDistinct', 'sum', 'avg', 'min', 'max'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export const PRECISIONS = ['year', 'month', 'week', 'day', 'hour'] as const;
export type Precision = (typeof PRECISIONS)[number];

/** How far back a time series reaches (Directus's `range`), '' for all time. */
export const RANGES: [string, string][] = [
  ['', msg('All time')],
  ['1 day', msg('Last day')],
  ['1 week', msg('Last week')],
  ['1 month', msg('Last month')],
  ['3 months', msg('Last 3 months')],
  ['1 year', msg('Last year')],
];

type Json = Record<string, unknown>;

/** A stored panel (`service_panels` as `/panels` answers it). */
export type Panel = {
  id: string;
  dashboard: string;
  name: string | null;
  icon: string | null;
  color: string | null;
  show_header: boolean;
  note: string | null;
  type: string;
  position_x: number;
  position_y: number;
  width: number;
  height: number;
  options: Json | null;
};

export type Dashboard = { id: string; name: string; icon: string; note: string | null; color: string | null };

/** The options a new panel of a type starts with. */
export function defaultOptions(type: PanelType): Json {
  switch (type) {
    case 'metric':
      return { collection: '', function: 'count', field: '', filter: null, prefix: '', suffix: '', decimals: 0 };
    case 'list':
      return { collection: '', displayTemplate: '', sortField: '', sortDirection: 'desc', limit: 5, filter: null };
    case 'time-series':
      return { collection: '', function: 'count', valueField: '', dateField: '', precision: 'day', range: '', filter: null };
    case 'bar-chart':
    case 'line-chart':
      return { collection: '', function: 'count', valueField: '', groupField: '', limit: 20, filter: null };
    case 'label':
      return { text: '' };
  }
}

/** The size a new panel of a type takes on the grid, in cells. */
export function defaultSize(type: PanelType): { width: number; height: number } {
  if (type === 'metric' || type === 'label') return { width: 8, height: 6 };
  return { width: 16, height: 10 };
}

const text = (options: Json, key: string): string => (typeof options[key] === 'string' ? (options[key] as string) : '');

export function isPanelType(type: string): type is PanelType {
  return (PANEL_TYPES as readonly string[]).includes(type);
}

function aggregateOf(options: Json, fieldKey: string): { fn: Aggregate; field: string } {
  const fn = (AGGREGATES as readonly string[]).includes(text(options, 'function')) ? (text(options, 'function') as Aggregate) : 'count';
  const field = text(options, fieldKey);
  return { fn, field: field === '' && fn === 'count' ? '*' : field };
}

const filterOf = (options: Json): Json | null =>
  options.filter && typeof options.filter === 'object' && !Array.isArray(options.filter) && Object.keys(options.filter).length > 0
    ? (options.filter as Json)
    : null;

/** The date parts a precision groups by, coarsest first. */
export function dateParts(precision: Precision): string[] {
  switch (precision) {
    case 'year':
      return ['year'];
    case 'month':
      return ['year', 'month'];
    case 'week':
      return ['year', 'week'];
    case 'day':
      return ['year', 'month', 'day'];
    case 'hour':
      return ['year', 'month', 'day', 'hour'];
  }
}

/**
 * What a panel asks the API: an aggregate (`aggregate`, `groupBy`, `query`) or an items read (`items`), or
 * nothing (a label, or options not yet complete).
 */
export type PanelRequest =
  | { kind: 'aggregate'; collection: string; aggregate: Record<string, string>; groupBy: string[]; query: Json }
  | { kind: 'items'; collection: string; query: Json }
  | { kind: 'none'; reason: string | null };

export function panelRequest(type: string, options: Json | null): PanelRequest {
  const o = options ?? {};
  if (type === 'label') return { kind: 'none', reason: null };
  const collection = text(o, 'collection');
  if (!isPanelType(type)) return { kind: 'none', reason: t('Panels of type "{type}" are not shown by this app.', { type }) };
  if (collection === '') return { kind: 'none', reason: t('Choose a collection in the panel settings.') };
  const filter = filterOf(o);
  const withFilter = (query: Json): Json => (filter ? { ...query, filter } : query);
  if (type === 'metric') {
    const { fn, field } = aggregateOf(o, 'field');
    if (field === '') return { kind: 'none', reason: t('Choose a field in the panel settings.') };
    return { kind: 'aggregate', collection, aggregate: { [fn]: field }, groupBy: [], query: withFilter({}) };
  }
  if (type === 'list') {
    const fields = templateFields(text(o, 'displayTemplate'));
    if (fields.length === 0) return { kind: 'none', reason: t('Write a display template in the panel settings.') };
    const sortField = text(o, 'sortField');
    const limit = typeof o.limit === 'number' && o.limit > 0 ? Math.min(o.limit, 100) : 5;
    const sort = sortField === '' ? [] : [`${o.sortDirection === 'asc' ? '' : '-'}${sortField}`];
    return { kind: 'items', collection, query: withFilter({ fields, limit, ...(sort.length ? { sort } : {}) }) };
  }
  if (type === 'time-series') {
    const { fn, field } = aggregateOf(o, 'valueField');
    const dateField = text(o, 'dateField');
    if (field === '' || dateField === '')
      return { kind: 'none', reason: t('Choose a date field and a value field in the panel settings.') };
    const precision = (PRECISIONS as readonly string[]).includes(text(o, 'precision')) ? (text(o, 'precision') as Precision) : 'day';
    const groupBy = dateParts(precision).map((part) => `${part}(${dateField})`);
    const range = RANGES.some(([value]) => value !== '' && value === text(o, 'range')) ? text(o, 'range') : '';
    const since: Json | null = range === '' ? null : { [dateField]: { _gte: `$NOW(-${range})` } };
    const both = since && filter ? { _and: [filter, since] } : (since ?? filter);
    return {
      kind: 'aggregate',
      collection,
      aggregate: { [fn]: field },
      groupBy,
      query: both ? { limit: -1, filter: both } : { limit: -1 },
    };
  }
  const { fn, field } = aggregateOf(o, 'valueField');
  const groupField = text(o, 'groupField');
  if (field === '' || groupField === '')
    return { kind: 'none', reason: t('Choose a group field and a value field in the panel settings.') };
  return { kind: 'aggregate', collection, aggregate: { [fn]: field }, groupBy: [groupField], query: withFilter({ limit: -1 }) };
}

/** The fields a display template names (`{{title}} by {{author.name}}` → title, author.name). */
export function templateFields(template: string): string[] {
  const fields = [...template.matchAll(/\{\{\s*([\w.$-]+)\s*\}\}/g)].map((m) => m[1]!);
  return [...new Set(fields)];
}

/** A display template filled from an item (a missing value is empty). */
export function renderTemplate(template: string, item: Json): string {
  return template.replace(/\{\{\s*([\w.$-]+)\s*\}\}/g, (_all, path: string) => {
    let value: unknown = item;
    for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Json)[part] : undefined;
    if (value === null || value === undefined) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
  });
}

/** An aggregate's value in a row: `{count: 3}` for `count=*`, `{sum: {price: 12}}` otherwise; numbers as numbers. */
export function aggregateValue(row: Json | undefined, aggregate: Record<string, string>): number | null {
  if (!row) return null;
  const [fn, field] = Object.entries(aggregate)[0]!;
  const slot = row[fn];
  const raw = slot !== null && typeof slot === 'object' ? (slot as Json)[field] : slot;
  if (raw === null || raw === undefined || raw === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export type Point = { label: string; value: number };

const pad = (n: number) => String(n).padStart(2, '0');

/** The points of a time series: one per group, labelled `2026`, `2026-11`, `2026-W48`, `2026-11-28`, `2026-11-28 14:00`, in time order. */
export function timeSeriesPoints(rows: Json[], request: Extract<PanelRequest, { kind: 'aggregate' }>): Point[] {
  const dateField = /\(([^)]+)\)/.exec(request.groupBy[0] ?? '')?.[1] ?? '';
  const parts = request.groupBy.map((g) => g.slice(0, g.indexOf('(')));
  const keyed = rows.map((row) => {
    const numbers = parts.map((part) => Number(row[`${dateField}_${part}`] ?? NaN));
    const [year, second, third, fourth] = numbers;
    let label = String(year);
    if (parts[1] === 'week') label += `-W${pad(second!)}`;
    else if (parts.length > 1) label += `-${pad(second!)}`;
    if (parts.length > 2) label += `-${pad(third!)}`;
    if (parts.length > 3) label += ` ${pad(fourth!)}:00`;
    return { numbers, point: { label, value: aggregateValue(row, request.aggregate) ?? 0 } };
  });
  return keyed
    .filter((k) => k.numbers.every((n) => Number.isFinite(n)))
    .sort((a, b) => {
      for (let i = 0; i < a.numbers.length; i += 1) if (a.numbers[i] !== b.numbers[i]) return a.numbers[i]! - b.numbers[i]!;
      return 0;
    })
    .map((k) => k.point);
}

/** The points of a grouped chart: one per value of the group field, largest first for bars, by group for lines. */
export function groupPoints(
  rows: Json[],
  request: Extract<PanelRequest, { kind: 'aggregate' }>,
  order: 'value' | 'group',
  limit: number,
): Point[] {
  const field = request.groupBy[0]!;
  const points = rows.map((row) => {
    const group = row[field];
    return {
      label: group === null || group === undefined ? t('(empty)') : String(group as string | number),
      value: aggregateValue(row, request.aggregate) ?? 0,
    };
  });
  points.sort(order === 'value' ? (a, b) => b.value - a.value : (a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
  return points.slice(0, limit > 0 ? limit : points.length);
}

/** A number as a metric shows it: fixed decimals, with prefix and suffix. */
export function formatMetric(value: number | null, options: Json | null): string {
  if (value === null) return '—';
  const o = options ?? {};
  const decimals = typeof o.decimals === 'number' && o.decimals >= 0 && o.decimals <= 6 ? o.decimals : 0;
  const number = value.toLocaleString(locale(), { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return `${text(o, 'prefix')}${number}${text(o, 'suffix')}`;
}

/** A one-sentence summary of a chart's points, its text alternative. */
export function chartSummary(kind: string, points: Point[]): string {
  if (points.length === 0) return t('{kind}: no data.', { kind });
  const values = points.map((p) => p.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const last = points[points.length - 1]!;
  const params = { kind, first: points[0]!.label, last: last.label, low, high };
  return plural(
    points.length,
    '{kind} of {count} point, from {first} to {last}; lowest {low}, highest {high}.',
    '{kind} of {count} points, from {first} to {last}; lowest {low}, highest {high}.',
    params,
  );
}

/** A panel's title: its name, else its type's word in the current language. */
export function panelTitle(panel: { name: string | null; type: string }): string {
  return panel.name ?? (isPanelType(panel.type) ? t(PANEL_LABELS[panel.type]) : panel.type);
}

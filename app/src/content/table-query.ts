import type { PageQuery } from './content-api.js';

export const PAGE_SIZES = [25, 50, 100] as const;
const PAGE_SIZE = PAGE_SIZES[0];

/**
 * The table state lives in the address (`?page=2&limit=50&sort=-title&search=x&filter={…}&fields=title,author.name`),
 * so a reload or a link keeps it. The filter is Directus's filter object as JSON; `fields` the chosen columns.
 */
export function parseTableQuery(search: string): PageQuery {
  const params = new URLSearchParams(search);
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const limit = Number.parseInt(params.get('limit') ?? '', 10);
  const fields = (params.get('fields') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  return {
    page: Number.isFinite(page) && page > 0 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : PAGE_SIZE,
    sort: params.get('sort') || null,
    search: params.get('search') ?? '',
    filter: parseFilterParam(params.get('filter')),
    fields: fields.length > 0 ? fields : null,
  };
}

function parseFilterParam(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function tableQueryString(query: PageQuery): string {
  const params = new URLSearchParams();
  if (query.page > 1) params.set('page', String(query.page));
  if (query.limit !== PAGE_SIZE) params.set('limit', String(query.limit));
  if (query.sort) params.set('sort', query.sort);
  if (query.search) params.set('search', query.search);
  if (query.filter) params.set('filter', JSON.stringify(query.filter));
  if (query.fields && query.fields.length > 0) params.set('fields', query.fields.join(','));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Next sort for a click on a column header: ascending, then descending, then ascending again. */
export function nextSort(current: string | null, field: string): string {
  return current === field ? `-${field}` : field;
}

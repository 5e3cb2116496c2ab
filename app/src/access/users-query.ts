/** The users list's query: search and the role and status filters (pure, unit-tested). */

export const USER_STATUSES = ['active', 'invited', 'draft', 'suspended', 'archived'] as const;

export type UserFilters = { search: string; role: string; status: string };

/** The Directus filter for the chosen role (`none` for users without a role) and status, or null for all. */
export function usersFilter(filters: UserFilters): Record<string, unknown> | null {
  const parts: Record<string, unknown>[] = [];
  if (filters.role === 'none') parts.push({ role: { _null: true } });
  else if (filters.role !== '') parts.push({ role: { _eq: filters.role } });
  if (filters.status !== '') parts.push({ status: { _eq: filters.status } });
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : { _and: parts };
}

/** The filters in the address (`?search=&role=&status=`). */
export function filtersFromSearch(search: string): UserFilters {
  const params = new URLSearchParams(search);
  return { search: params.get('search') ?? '', role: params.get('role') ?? '', status: params.get('status') ?? '' };
}

/** The page number in the address (`?page=2`), 1 when absent or not a positive whole number. */
export function pageFromSearch(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The address's query for the filters and the page, empty ones (and page 1) left out. */
export function searchOfFilters(filters: UserFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== '') params.set(key, value);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The changed fields of the user form; an empty password is left out (unchanged). */
export function userChanges(before: Record<string, unknown>, after: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(after)) {
    if (field === 'password') {
      if (value !== '') out.password = value;
      continue;
    }
    const next = field === 'role' && value === '' ? null : value;
    if ((before[field] ?? (field === 'role' ? null : '')) !== next) out[field] = next;
  }
  return out;
}

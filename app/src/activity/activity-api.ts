import { queryToParams, readActivities } from '@directus/sdk';
import type { Client } from '../api/client.js';

export type ActivityRow = {
  id: number | string;
  action: string;
  collection: string;
  item: string;
  timestamp: string;
  user: string | null;
  ip: string | null;
};

/** `user` is a user's key (empty: anyone). */
export type ActivityFilters = { action: string; collection: string; user: string; from: string; to: string };

export const ACTIONS = ['create', 'update', 'delete', 'comment', 'login', 'login_failed', 'logout', 'password_reset'] as const;

/** The activity API's filter for the page's choices (dates are whole days, in the browser's time zone). */
export function activityFilter(filters: ActivityFilters): Record<string, unknown> {
  const and: Record<string, unknown>[] = [];
  if (filters.action) and.push({ action: { _eq: filters.action } });
  if (filters.collection.trim()) and.push({ collection: { _eq: filters.collection.trim() } });
  if (filters.user) and.push({ user: { _eq: filters.user } });
  if (filters.from) and.push({ timestamp: { _gte: new Date(`${filters.from}T00:00:00`).toISOString() } });
  if (filters.to) and.push({ timestamp: { _lt: new Date(new Date(`${filters.to}T00:00:00`).getTime() + 86_400_000).toISOString() } });
  return and.length === 0 ? {} : and.length === 1 ? and[0]! : { _and: and };
}

export async function readActivityPage(client: Client, filters: ActivityFilters, page: number, limit: number): Promise<ActivityRow[]> {
  const filter = activityFilter(filters);
  return (await client.request(
    readActivities({
      fields: ['id', 'action', 'collection', 'item', 'timestamp', 'user', 'ip'],
      sort: ['-timestamp', '-id'],
      limit,
      offset: (page - 1) * limit,
      ...(Object.keys(filter).length > 0 ? { filter } : {}),
    }),
  )) as unknown as ActivityRow[];
}

/**
 * The address that downloads the filtered activity as a file (`?export=csv|json`, Directus's export parameter);
 * the browser sends the session cookie with it.
 */
export function exportUrl(filters: ActivityFilters, format: 'csv' | 'json'): string {
  const filter = activityFilter(filters);
  const params = queryToParams({
    sort: ['-timestamp'],
    limit: -1,
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
  } as never) as Record<string, string>;
  return `/activity?${new URLSearchParams({ ...params, export: format }).toString()}`;
}

import { customEndpoint, readRevisions } from '@directus/sdk';
import type { Client } from '../api/client.js';
import { t } from '../i18n/t.js';

export type RevisionRow = {
  id: number | string;
  data: Record<string, unknown> | null;
  delta: Record<string, unknown> | null;
  activity: {
    action: string;
    timestamp: string;
    user: { email: string | null; first_name: string | null; last_name: string | null } | null;
  } | null;
};

export type HistoryEntry = {
  id: string;
  action: string;
  timestamp: string;
  who: string;
  changes: { field: string; before: unknown; after: unknown }[];
  /** The whole item as this revision left it (null when not recorded). */
  data: Record<string, unknown> | null;
};

/** The revisions of one item, newest first, with who made them. */
export async function readItemRevisions(client: Client, collection: string, item: string): Promise<RevisionRow[]> {
  return (await client.request(
    readRevisions({
      filter: { collection: { _eq: collection }, item: { _eq: item } },
      fields: [
        'id',
        'data',
        'delta',
        'activity.action',
        'activity.timestamp',
        'activity.user.email',
        'activity.user.first_name',
        'activity.user.last_name',
      ],
      sort: ['-id'],
      limit: 50,
    }),
  )) as unknown as RevisionRow[];
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The timeline of an item: per revision (newest first) who, when, and field by field what changed: the value
 * before (from the revision before it) and after (its delta). Fields whose value did not change are left out.
 */
export function historyEntries(revisions: RevisionRow[]): HistoryEntry[] {
  return revisions.map((revision, index) => {
    const previous = revisions[index + 1]?.data ?? null;
    const user = revision.activity?.user;
    const who = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email || t('Someone') : t('The system');
    const changes = Object.entries(revision.delta ?? {})
      .map(([field, after]) => ({ field, before: previous ? (previous[field] ?? null) : null, after }))
      .filter((change) => !previous || !same(change.before, change.after));
    return {
      id: String(revision.id),
      action: revision.activity?.action ?? 'change',
      timestamp: revision.activity?.timestamp ?? '',
      who,
      changes,
      data: revision.data,
    };
  });
}

/** Puts the item back to the state a revision recorded (`POST /utils/revert/:revision`; the SDK has no command for it). */
export async function revertTo(client: Client, revision: string): Promise<void> {
  await client.request(customEndpoint<void>({ path: `/utils/revert/${encodeURIComponent(revision)}`, method: 'POST' }));
}

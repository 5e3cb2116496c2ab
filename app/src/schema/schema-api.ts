import { customEndpoint } from '@directus/sdk';
import type { Client } from '../api/client.js';
import { errorMessage } from '../api/errors.js';
import type { SchemaDiff } from './diff-tree.js';

/** Schema as code: `/schema/diff` (`{data: {hash, diff}}` or 204) and `/schema/apply` (dry run `{data: report}`); the SDK unwraps `data`. */

export type DiffAnswer = { hash: string; diff: SchemaDiff; warnings?: string[] };
export type Statement = { sql: string; bindings: unknown[] };
export type StepReport = { action: string; kind: string; collection: string; field?: string; destructive: boolean; sql?: Statement[] };
export type ApplyReport = { hash: string; dry_run: boolean; steps: StepReport[]; note?: string; warnings?: string[] };

/** The download address of the instance's snapshot (the browser sends the session cookie). */
export function snapshotUrl(format: 'json' | 'yaml', origin: string = window.location.origin): string {
  return `${origin}/schema/snapshot?export=${format}`;
}

/** Whether a refusal of /schema/diff is the vendor (or version) check that `force` bypasses. */
export function isSourceMismatch(error: unknown): boolean {
  const message = errorMessage(error) ?? '';
  return /does not match the current instance's (vendor|version)|does not contain the "vendor" property/.test(message);
}

/** Whether an apply refusal says the schema changed since the diff (the user must diff again). */
export function isStaleHash(error: unknown): boolean {
  return /hash does not match/i.test(errorMessage(error) ?? '');
}

/** Uploads a snapshot file (JSON or YAML, parsed by the server); null when it matches the instance. */
export async function diffSnapshot(client: Client, file: Blob, name: string, force: boolean): Promise<DiffAnswer | null> {
  const body = new FormData();
  body.append('file', file, name);
  const answer = (await client.request(
    customEndpoint<unknown>({
      path: '/schema/diff',
      method: 'POST',
      params: force ? { force: 'true' } : {},
      body,
      headers: { 'Content-Type': 'multipart/form-data' },
    }),
  )) as Partial<DiffAnswer> | null;
  // A 204 (nothing differs) comes back as the bare Response.
  return answer && typeof answer === 'object' && 'diff' in answer && answer.diff ? (answer as DiffAnswer) : null;
}

/** The SQL the diff would run (`?dry_run=true`), nothing changed. */
export async function planApply(client: Client, diff: DiffAnswer): Promise<ApplyReport> {
  return (await client.request(
    customEndpoint<ApplyReport>({
      path: '/schema/apply',
      method: 'POST',
      params: { dry_run: 'true' },
      body: JSON.stringify({ hash: diff.hash, diff: diff.diff }),
    }),
  )) as ApplyReport;
}

/** Applies the diff, guarded by its hash (a stale hash is the API's 400). */
export async function applyDiff(client: Client, diff: DiffAnswer): Promise<void> {
  await client.request(
    customEndpoint<unknown>({ path: '/schema/apply', method: 'POST', body: JSON.stringify({ hash: diff.hash, diff: diff.diff }) }),
  );
}

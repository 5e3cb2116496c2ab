import type { AuditEntry } from '../../../engine/audit-recorder.js';
import type { Context } from '../../../engine/context.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import { isConcealed } from '../../../engine/schema-overview/is-concealed.js';
import type { ItemsDeps, PrimaryKey } from '../items.types.js';
import { readSnapshots } from './write-rows.js';
import { CONCEALED } from '../../../kernel/text/concealed.js';

/**
 * Hands the audit trail of one write to the recorder, inside the same transaction. Reads the items as they
 * are after the change only when the collection keeps revisions (accountability `all`), and only those whose
 * entry does not carry them already (a write that got them back from the database, with nothing run after it).
 */
export async function recordAudit(ctx: Context, deps: ItemsDeps, collection: string, entries: AuditEntry[]): Promise<void> {
  const overview = getCollection(ctx.schema, collection);
  if (entries.length === 0 || overview.accountability === null) return;
  if (overview.accountability === 'all') {
    const keys = entries.filter((e) => e.action !== 'delete' && !e.data).map((e) => e.item as PrimaryKey);
    const snapshots = keys.length > 0 ? await readSnapshots(ctx, collection, keys) : new Map();
    for (const entry of entries) {
      if (entry.action === 'delete') continue;
      entry.data ??= snapshots.get(String(entry.item)) ?? null;
      entry.delta = maskConcealed(ctx, collection, entry.delta);
    }
  }
  await deps.audit.record(ctx, entries);
}

export function maskConcealed(ctx: Context, collection: string, delta: Record<string, unknown> | null) {
  if (!delta) return delta;
  const fields = getCollection(ctx.schema, collection).fields;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(delta)) {
    const field = fields[key];
    const concealed = field && isConcealed(field);
    out[key] = concealed && value !== null && value !== undefined ? CONCEALED : value;
  }
  return out;
}

/** An action event's copy of what was submitted: concealed and hashed values masked, as in the revisions. */
export function submittedPayload(ctx: Context, collection: string, payload: unknown): unknown {
  return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
    ? maskConcealed(ctx, collection, payload as Record<string, unknown>)
    : payload;
}

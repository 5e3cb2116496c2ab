import type { Knex } from 'knex';
import type { TrailedWrite } from '../../../engine/audit-recorder.js';
import type { Context } from '../../../engine/context.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import { isConcealed } from '../../../engine/schema-overview/is-concealed.js';
import type { CollectionOverview } from '../../../engine/schema-overview/schema-overview.types.js';
import { forbidden } from '../../../kernel/errors/index.js';
import type { TrailField } from '../../../database/dialects/dialect.js';
import type { CollectionBehaviour, Item, ItemsDeps, PrimaryKey } from '../items.types.js';
import { distinctCount } from './assert-item-access.js';
import type { PreparedPayload } from './prepare-payload.js';
import { maskConcealed } from './record-audit.js';
import { columnFields, toRow, translated } from './write-rows.js';
import { rememberWritten } from './written-items.js';
import { hasWriteFilter } from '../../../engine/write-events.js';

/** Rows and bound values of one statement (as insertRowsReturning: SQLite's and PostgreSQL's limits). */
const MAX_ROWS = 500;
const MAX_BINDINGS = 30_000;
/** Key types whose text in SQL (`key::text`) is the text of the API value. */
const KEY_TYPES = new Set(['integer', 'bigInteger', 'string', 'uuid']);

/**
 * Whether a write may go as one statement with its trail (AuditRecorder.writeWithTrail): not inside another
 * write's transaction, no behaviours and no filter handler for the write (nothing runs between the write and the
 * trail, and nothing that could write or refuse runs before it), a user collection that keeps activity, and a
 * recorder and dialect that can. The payloads are then prepared before any transaction (without behaviours or
 * filters, preparing reads nothing from the database). The result is the transaction's, row for row.
 */
export function mayWriteWithTrail(
  ctx: Context,
  deps: ItemsDeps,
  overview: CollectionOverview,
  behaviours: CollectionBehaviour[],
  action: 'create' | 'update',
): boolean {
  return (
    !ctx.inTransaction &&
    behaviours.length === 0 &&
    !hasWriteFilter(ctx, overview.collection, action) &&
    !overview.system &&
    overview.accountability !== null &&
    !!deps.audit.writeWithTrail &&
    !!ctx.dialect.writeWithTrail
  );
}

/**
 * Creates flat items (nothing nested) with the same columns in one INSERT with their trail; returns their keys
 * in order, or undefined when these payloads need the transaction (nested items, mixed columns or keys).
 */
export async function createWithTrail(
  ctx: Context,
  deps: ItemsDeps,
  collection: string,
  prepared: PreparedPayload[],
): Promise<PrimaryKey[] | undefined> {
  const overview = getCollection(ctx.schema, collection);
  const primary = overview.primary;
  const pk = overview.fields[primary]!;
  if (prepared.length === 0 || prepared.length > MAX_ROWS) return undefined;
  if (prepared.some((p) => Object.keys(p.nestedManyToOne).length > 0 || Object.keys(p.oneToMany).length > 0)) return undefined;
  const columns = Object.keys(prepared[0]!.columns).sort().join('\0');
  if (prepared.some((p) => Object.keys(p.columns).sort().join('\0') !== columns)) return undefined;
  const given = Object.hasOwn(prepared[0]!.columns, primary);
  // Auto-increment keys come back in the order of VALUES; given keys are matched by their text.
  if (given ? pk.autoIncrement || !KEY_TYPES.has(pk.type) || prepared.some((p) => p.columns[primary] === null) : !pk.autoIncrement)
    return undefined;
  const rows = prepared.map((p) => toRow(ctx, collection, p.columns));
  if (prepared.length > 1 && (columns === '' || rows.length * Object.keys(rows[0]!).length > MAX_BINDINGS)) return undefined;
  const write = ctx
    .db(collection)
    .insert(rows.length === 1 ? rows[0]! : rows)
    .returning(columnFields(ctx, collection))
    .toSQL();
  const deltas = prepared.map((p) => maskConcealed(ctx, collection, p.columns)!);
  const keyText = (key: unknown) => (pk.type === 'uuid' ? String(key).toLowerCase() : String(key));
  const written = await run(ctx, deps, {
    action: 'create',
    collection,
    write: { sql: write.sql, bindings: write.bindings },
    key: primary,
    fields: trailFields(overview),
    deltas: given ? { kind: 'key', byKey: prepared.map((p, i) => [keyText(p.columns[primary]), deltas[i]!]) } : { kind: 'order', deltas },
  });
  if (!written) return undefined;
  rememberWritten(ctx, collection, written);
  if (written.length !== prepared.length)
    throw new Error(`INSERT into ${collection} returned ${written.length} rows for ${prepared.length}`);
  if (given) return prepared.map((p) => p.columns[primary] as PrimaryKey);
  return written.map((row) => {
    const key = row[primary];
    return (typeof key === 'bigint' ? Number(key) : key) as PrimaryKey;
  });
}

/**
 * Updates the items in one UPDATE with their trail, guarded by the access check (`guard`: accessCount) in the
 * same statement (every key must be updatable, or nothing is written and the answer is 403). Returns the keys, or undefined when the
 * payload needs the transaction (nested items, no column to set, too many keys).
 */
export async function updateWithTrail(
  ctx: Context,
  deps: ItemsDeps,
  collection: string,
  keys: PrimaryKey[],
  prepared: PreparedPayload,
  guard: Knex.QueryBuilder,
): Promise<PrimaryKey[] | undefined> {
  const overview = getCollection(ctx.schema, collection);
  if (keys.length === 0 || keys.length > MAX_ROWS) return undefined;
  if (Object.keys(prepared.nestedManyToOne).length > 0 || Object.keys(prepared.oneToMany).length > 0) return undefined;
  const row = toRow(ctx, collection, prepared.columns);
  if (Object.keys(row).length === 0) return undefined;
  const expected = distinctCount(keys);
  const write = ctx
    .db(collection)
    .whereIn(overview.primary, keys)
    .andWhereRaw('(?) = ?', [guard, expected])
    .update(row)
    .returning(columnFields(ctx, collection))
    .toSQL();
  const written = await run(ctx, deps, {
    action: 'update',
    collection,
    write: { sql: write.sql, bindings: write.bindings },
    key: overview.primary,
    fields: trailFields(overview),
    deltas: { kind: 'same', delta: maskConcealed(ctx, collection, { ...prepared.columns })! },
  });
  if (!written) return undefined;
  // The guard wrote nothing: a key that is missing or outside the row filter (the same 403 as assertItemAccess).
  if (written.length === 0) throw forbidden();
  rememberWritten(ctx, collection, written);
  return keys;
}

async function run(ctx: Context, deps: ItemsDeps, write: TrailedWrite): Promise<Item[] | undefined> {
  const pending = deps.audit.writeWithTrail?.(ctx, write);
  if (!pending) return undefined;
  return translated(ctx, write.collection, () => pending);
}

function trailFields(overview: CollectionOverview): TrailField[] {
  return Object.values(overview.fields)
    .filter((f) => !f.alias)
    .map((f) => ({ field: f.field, type: f.type, dbType: f.dbType, masked: isConcealed(f) }));
}

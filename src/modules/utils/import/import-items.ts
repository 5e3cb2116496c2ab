import type { Readable } from 'node:stream';
import { classifyDatabaseError } from '../../../database/classify-database-error.js';
import { asSystem, withTransaction, type Context } from '../../../engine/context.js';
import { getAccess } from '../../../engine/permissions/get-access.js';
import type { CollectionOverview } from '../../../engine/schema-overview/schema-overview.types.js';
import {
  atRow,
  contentTooLarge,
  forbidden,
  invalidPayload,
  isAppError,
  serviceUnavailable,
  unsupportedMediaType,
} from '../../../kernel/errors/index.js';
import type { ItemsService, PrimaryKey } from '../../items/index.js';
import { castCsvValues } from './cast-csv-values.js';
import { parseCsvRows, type ImportRow } from './parse-csv-rows.js';
import { parseJsonRows } from './parse-json-rows.js';

/** Rows whose keys are looked up at once (to tell an update from a create). */
const BATCH = 200;

export type ImportFile = { stream: Readable; mimeType: string; filename: string; truncated: () => boolean };

/**
 * `POST /utils/import/:collection`: every record of a CSV or JSON file (streamed, never held whole) is written
 * through the items service with the caller's permissions: a record whose primary key exists updates that item,
 * any other creates one (Directus's upsert). All or nothing: one transaction for the whole file, and the first
 * record that fails (malformed, refused by permissions or validation, rejected by the database) rolls everything
 * back with its error, its message starting `Row <n>:` and `extensions.row` set (decision 0091). Each write emits its
 * events and records its activity as any write does. Answers the number of records written.
 */
export async function importItems(ctx: Context, items: ItemsService, collection: string, file: ImportFile): Promise<number> {
  const overview = ctx.schema.collections[collection];
  const writable = getAccess(ctx.permissions, collection, 'create') || getAccess(ctx.permissions, collection, 'update');
  // A missing collection and a forbidden one look alike; system collections take no imports but an administrator's.
  if (!overview || !writable || (overview.system && !ctx.accountability.admin)) throw forbidden();
  const format = formatOf(file);
  const maxRecord = ctx.config.server.maxPayloadSize;
  // A failed import leaves the rest of the upload to be drained, not destroyed (the multipart parser waits for it).
  const chunks = file.stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer | string>;
  const rows = format === 'csv' ? parseCsvRows(chunks, maxRecord) : parseJsonRows(chunks, maxRecord);
  let attempts = 0;
  return withTransaction(ctx, async (trx) => {
    // The file is read once: a transaction that would run again (after a conflict) can't read it again.
    if (++attempts > 1) throw serviceUnavailable('database', 'The import conflicted with another write; send it again');
    let written = 0;
    let batch: ImportRow[] = [];
    const flush = async () => {
      written += await writeBatch(trx, items, overview, batch);
      batch = [];
    };
    for await (const row of rows) {
      batch.push(format === 'csv' ? { row: row.row, data: castCsvValues(overview, row.data) } : row);
      if (batch.length >= BATCH) await flush();
    }
    if (file.truncated()) throw contentTooLarge();
    await flush();
    if (written === 0) throw invalidPayload('The file holds no records');
    return written;
  });
}

async function writeBatch(ctx: Context, items: ItemsService, overview: CollectionOverview, rows: ImportRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const { collection, primary } = overview;
  if (overview.singleton) {
    const extra = rows.length > 1 ? rows[1]! : rows[0]!.row > 1 ? rows[0]! : null;
    if (extra) throw invalidPayload(`Row ${extra.row}: a singleton collection takes one record`);
    await writeRow(ctx, rows[0]!.row, () => items.upsertSingleton(ctx, collection, rows[0]!.data));
    return 1;
  }
  const keys = rows.map((r) => r.data[primary]).filter((k): k is PrimaryKey => typeof k === 'string' || typeof k === 'number');
  // Which keys exist, whoever may read them (Directus's upsert): an item outside the caller's rules is then
  // refused as an update, not turned into a duplicate.
  const existing = new Set(
    keys.length === 0
      ? []
      : (
          await items.readByQuery(asSystem(ctx), collection, { fields: [primary], filter: { [primary]: { _in: keys } }, limit: -1 })
        ).data.map((r) => String(r[primary])),
  );
  for (const { row, data } of rows) {
    const key = data[primary];
    await writeRow(ctx, row, () =>
      (typeof key === 'string' || typeof key === 'number') && existing.has(String(key))
        ? items.updateOne(ctx, collection, key, withoutKey(data, primary))
        : items.createOne(ctx, collection, data),
    );
  }
  return rows.length;
}

function withoutKey(data: Record<string, unknown>, primary: string): Record<string, unknown> {
  const rest = { ...data };
  delete rest[primary];
  return rest;
}

/** Runs the write of one record; its error, if any, names the record (`Row <n>: …`, `extensions.row`). */
async function writeRow<T>(ctx: Context, row: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const known = isAppError(error) ? error : classifyDatabaseError(ctx.dialect, error);
    if (!known || known.status >= 500) throw error;
    throw atRow(known, row);
  }
}

function formatOf(file: ImportFile): 'csv' | 'json' {
  const type = file.mimeType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/csv' || type === 'application/csv' || type === 'application/vnd.ms-excel') return 'csv';
  if (type === 'application/json' || type === 'text/json') return 'json';
  const extension = file.filename.toLowerCase().split('.').at(-1);
  if (extension === 'csv') return 'csv';
  if (extension === 'json') return 'json';
  throw unsupportedMediaType(file.mimeType, 'the file of the import (CSV or JSON)');
}

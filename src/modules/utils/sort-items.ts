import { asSystem, withTransaction, type Context } from '../../engine/context.js';
import { canAccessField, getAccess } from '../../engine/permissions/get-access.js';
import { getCollection } from '../../engine/schema-overview/get-collection.js';
import { forbidden, forbiddenCollection, invalidPayload } from '../../kernel/errors/index.js';
import type { ItemsService, PrimaryKey } from '../items/index.js';
import { computeSortMoves } from './compute-sort-moves.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

/**
 * Moves `input.item` to the place of `input.to` in the collection's sort field (`meta.sort_field`), renumbering
 * the items between them (computeSortMoves); for REST (`POST /utils/sort/:collection`) and GraphQL (`utils_sort`).
 *
 * - `item` and `to` must be strings or numbers (400 INVALID_PAYLOAD); a collection without a sort field is 400.
 * - The caller needs update access to the collection including the sort field (403 otherwise, as Directus).
 * - Every changed item is written through the items service in one transaction, so the permission engine
 *   checks each one (row rules too: an item the caller may not update makes the whole move 403 and nothing is
 *   written) and each gets an `update` activity row and revision, like any update. Directus writes the
 *   numbers directly and records nothing; the items' audit trail would otherwise not explain their new order.
 */
export async function sortItems(ctx: Context, items: ItemsService, collection: string, input: unknown): Promise<void> {
  // An unknown collection, and one the caller may not update, are the same 403 before anything else (Directus
  // checks it first, too): nothing about the collection (its sort field) may answer first.
  const access = getAccess(ctx.permissions, collection, 'update');
  if (!access) throw forbiddenCollection(collection);
  const overview = getCollection(ctx.schema, collection);
  const { item, to } = readSortInput(input);
  const sortField = overview.sortField;
  if (!sortField) throw invalidPayload(`Collection "${collection}" doesn't have a sort field`);
  if (!canAccessField(access, sortField)) throw forbidden();

  await withTransaction(ctx, async (trx) => {
    // Every row takes part in the numbering, also those the caller cannot read; the updates below check access.
    const { data } = await items.readByQuery(asSystem(trx), collection, {
      fields: [overview.primary, sortField],
      sort: [sortField, overview.primary],
      limit: -1,
    });
    const rows = data.map((row) => ({ key: row[overview.primary] as PrimaryKey, sort: toSortValue(row[sortField]) }));
    const moves = computeSortMoves(rows, item, to);
    if (moves.length > 0)
      await items.updateBatch(
        trx,
        collection,
        moves.map((move) => ({ [overview.primary]: move.key, [sortField]: move.sort })),
      );
  });
}

function readSortInput(input: unknown): { item: PrimaryKey; to: PrimaryKey } {
  if (!isPlainObject(input)) throw invalidPayload('The payload must be an object');
  const keyOf = (name: 'item' | 'to'): PrimaryKey => {
    const value = input[name];
    if (value === undefined || value === null) throw invalidPayload(`"${name}" is required`);
    if ((typeof value !== 'string' && typeof value !== 'number') || value === '')
      throw invalidPayload(`"${name}" must be a string or a number`);
    return value;
  };
  return { item: keyOf('item'), to: keyOf('to') };
}

function toSortValue(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

import type { Context } from '../../../engine/context.js';
import type { Query } from '../../../engine/query/query.types.js';
import { readByQuery } from '../../../engine/query/read-by-query.js';
import { getCollection } from '../../../engine/schema-overview/get-collection.js';
import type { Item } from '../items.types.js';

const PAGE = 1000;

/**
 * A list read in pages, for exports: the same rows readByQuery would give (filter, search, sort, limit,
 * offset, permissions), fetched `PAGE` at a time. Sorted by the primary key (the default), it pages by key
 * (`pk > last`), which stays fast deep into a large table; any other sort pages by offset. An aggregate
 * (groups) is read at once.
 */
export async function* readPages(ctx: Context, collection: string, query: Query, pageSize = PAGE): AsyncGenerator<Item[]> {
  const primary = getCollection(ctx.schema, collection).primary;
  const total = query.limit === undefined || query.limit === -1 ? Infinity : query.limit;
  const start = query.page && query.page > 0 && query.limit && query.limit > 0 ? query.limit * (query.page - 1) : (query.offset ?? 0);
  const sort = query.sort ?? [];
  const fields = query.fields ?? ['*'];
  const keyset = (sort.length === 0 || (sort.length === 1 && sort[0] === primary)) && (fields.includes('*') || fields.includes(primary));
  const base: Query = { ...query, meta: undefined, page: undefined };
  // An aggregate is one read: its rows are groups, which have no key to page by (nor to sort by: PostgreSQL
  // refuses an ORDER BY on a column outside the GROUP BY).
  if (query.aggregate !== undefined || (query.group !== undefined && query.group.length > 0)) {
    yield (await readByQuery(ctx, collection, base)).data;
    return;
  }
  let read = 0;
  let last: unknown = undefined;
  // At least one read, even for `limit=0`: the query is checked (and refused) as any read's would be.
  do {
    const size = Math.min(pageSize, total - read);
    const page: Query = keyset
      ? {
          ...base,
          sort: [primary],
          limit: size,
          offset: last === undefined ? start : 0,
          filter: last === undefined ? query.filter : { _and: [query.filter ?? {}, { [primary]: { _gt: last } }] },
        }
      : { ...base, limit: size, offset: start + read };
    const { data } = await readByQuery(ctx, collection, page);
    if (data.length === 0) return;
    read += data.length;
    last = data[data.length - 1]?.[primary];
    yield data;
    if (data.length < size) return;
  } while (read < total);
}

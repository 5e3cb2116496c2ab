import type { Knex } from 'knex';
import type { ChildRows } from '../dialect.js';
import { quoteName } from './quote-name.js';

/**
 * Parent rows and one child row for some of them in ONE statement: the parents' INSERT … RETURNING in a
 * data-modifying CTE, numbered by their serial keys (which grow in VALUES order within one statement), joined
 * to the children's VALUES by that number. Returns the parents' keys and the children's keys, each in order.
 */
export async function insertWithChildren(
  db: Knex,
  parent: { table: string; rows: Record<string, unknown>[] },
  child: ChildRows,
): Promise<{ parentIds: number[]; childIds: (number | null)[] }> {
  const built = db(parent.table).insert(parent.rows).returning('id').toSQL();
  const withChild = child.rows.flatMap((row, i) => (row ? [{ row, rn: i + 1 }] : []));
  const columns = child.columns;
  const values = withChild.map(({ rn }) => `(${rn}, ${columns.map(() => '?::text').join(', ')})`).join(', ');
  const select = columns.map((c) => (child.casts?.[c] ? `v.${quoteName(c)}::${child.casts[c]}` : `v.${quoteName(c)}`)).join(', ');
  const sql = `with p as (${built.sql}), n as (select id, row_number() over (order by id) as rn from p), c as (insert into ${quoteName(child.table)} (${quoteName(child.parentColumn)}, ${columns.map(quoteName).join(', ')}) select n.id, ${select} from n join (values ${values}) as v(rn, ${columns.map(quoteName).join(', ')}) on v.rn = n.rn returning id, ${quoteName(child.parentColumn)}) select (select coalesce(json_agg(id order by id), '[]') from p) as parents, (select coalesce(json_agg(json_build_array(id, ${quoteName(child.parentColumn)})), '[]') from c) as children`;
  const bindings = [...built.bindings, ...withChild.flatMap(({ row }) => columns.map((c) => text(row[c])))];
  const result = (await db.raw(sql, bindings as Knex.RawBinding[])) as { rows: { parents: unknown; children: unknown }[] };
  const first = result.rows[0]!;
  const parentIds = (parse(first.parents) as number[]).map(Number);
  const children = new Map((parse(first.children) as [number, number][]).map(([id, parentId]) => [Number(parentId), Number(id)]));
  const childIds = child.rows.map((row, i) => {
    if (!row) return null;
    const id = children.get(parentIds[i]!);
    if (id === undefined) throw new Error(`insertWithChildren: no ${child.table} row came back for ${parent.table} ${parentIds[i]}`);
    return id;
  });
  return { parentIds, childIds };
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function parse(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

import type { Knex } from 'knex';
import { CONCEALED } from '../../../kernel/text/concealed.js';
import type { TrailField, TrailPlan } from '../dialect.js';
import type { Row, Statement } from '../../execute/statement.js';
import { quoteName } from './quote-name.js';

/** json_build_object takes at most 100 arguments: a key and a value per column. */
const MAX_COLUMNS = 50;

const TEXTUAL = new Set(['character varying', 'character', 'text', 'uuid']);
const INTEGERS = new Set(['integer', 'smallint']);
const FLOATS = new Set(['real', 'double precision']);
const JSONS = new Set(['json', 'jsonb']);

/**
 * The JSON of a column as the API reads it (fromDatabase, then snapshotOf), in SQL; null where PostgreSQL's own
 * JSON of the type differs from it (timestamps, decimals, csv, binary: those writes take the transaction).
 */
export function trailJsonOf(field: TrailField, ref: string): string | null {
  if (field.masked) return `case when ${ref} is null then null else to_json('${CONCEALED}'::text) end`;
  const db = field.dbType?.toLowerCase() ?? '';
  switch (field.type) {
    case 'integer':
      return INTEGERS.has(db) ? `to_json(${ref})` : null;
    case 'bigInteger':
      // A bigint beyond 2^53 is text in the API (toNumberWhenSafe).
      return db === 'bigint'
        ? `case when ${ref} between -9007199254740991 and 9007199254740991 then to_json(${ref}) else to_json(${ref}::text) end`
        : null;
    case 'float':
      // NaN and the infinities are numbers in JS that JSON writes as null.
      return FLOATS.has(db) ? `case when ${ref} in ('NaN', 'Infinity', '-Infinity') then null else to_json(${ref}) end` : null;
    case 'boolean':
      return db === 'boolean' ? `to_json(${ref})` : null;
    case 'json':
      return JSONS.has(db) ? `to_json(${ref})` : null;
    case 'string':
    case 'text':
    case 'uuid':
      return TEXTUAL.has(db) ? `to_json(${ref})` : null;
    default:
      return null;
  }
}

/**
 * The write as a data-modifying CTE, the activity rows selected from what it returned (so a row the write
 * did not touch gets none), and the revisions joined to their activity rows by the item key. See
 * Dialect.writeWithTrail.
 */
export function writeWithTrail(
  db: Knex,
  plan: TrailPlan,
  execute: (db: Knex, statement: Statement) => Promise<Row[]>,
): Promise<Record<string, unknown>[]> | undefined {
  // knex.raw reads every `?` as a placeholder, even inside a quoted name: such names take the transaction.
  const names = [plan.key, ...(plan.revision?.fields.map((f) => f.field) ?? [])];
  if (names.some((name) => name.includes('?')) || plan.write.sql.split('?').length - 1 !== plan.write.bindings.length) return undefined;
  const key = `w.${quoteName(plan.key)}`;
  const bindings: unknown[] = [...plan.write.bindings];
  const parts = [`w as (${plan.write.sql})`, `n as (select ${key} as k, row_number() over (order by ${key}) as rn from w)`];

  const activityColumns = Object.keys(plan.activity.values);
  const activitySelect = activityColumns.map((column) => {
    const { value, cast } = plan.activity.values[column]!;
    bindings.push(value);
    return `?::${cast}`;
  });
  parts.push(
    `a as (insert into ${quoteName(plan.activity.table)} (${[...activityColumns, plan.activity.itemColumn].map(quoteName).join(', ')}) ` +
      `select ${[...activitySelect, 'n.k::text'].join(', ')} from n order by n.rn returning id, ${quoteName(plan.activity.itemColumn)} as item)`,
  );

  const revision = plan.revision;
  if (revision) {
    if (revision.fields.length > MAX_COLUMNS) return undefined;
    const json: string[] = [];
    for (const field of revision.fields) {
      const expression = trailJsonOf(field, `w.${quoteName(field.field)}`);
      if (expression === null) return undefined;
      json.push(`${literal(field.field)}, ${expression}`);
    }
    let delta: string;
    let join = '';
    const deltas = revision.deltas;
    if (deltas.kind === 'same') {
      delta = '?::json';
    } else if (deltas.kind === 'order') {
      join = ` join (values ${deltas.deltas.map((_, i) => `(${i + 1}, ?::json)`).join(', ')}) as v(rn, delta) on v.rn = n.rn`;
      delta = 'v.delta';
    } else {
      join = ` join (values ${deltas.byKey.map(() => '(?::text, ?::json)').join(', ')}) as v(k, delta) on v.k = n.k::text`;
      delta = 'v.delta';
    }
    const c = revision.columns;
    const columns = [c.activity, c.collection, c.item, c.data, c.delta].map(quoteName).join(', ');
    // Bindings in the order of the text: the collection (select list) comes before the deltas (joins).
    const select = `select a.id, ?::text, a.item, json_build_object(${json.join(', ')}), ${delta} from a join n on n.k::text = a.item join w on ${key} = n.k${join}`;
    bindings.push(revision.collection);
    if (deltas.kind === 'same') bindings.push(deltas.delta);
    else if (deltas.kind === 'order') bindings.push(...deltas.deltas);
    else bindings.push(...deltas.byKey.flat());
    parts.push(`r as (insert into ${quoteName(revision.table)} (${columns}) ${select} returning id)`);
  }
  // Every data-modifying CTE runs to the end whether or not the final SELECT reads it.
  const sql = `with ${parts.join(', ')} select w.* from w join n on ${key} = n.k order by n.rn`;
  // It runs through the executor like an engine read: a text that recurs (one item's POST or PATCH) becomes a
  // prepared statement of each connection, so PostgreSQL plans the CTE once.
  return execute(
    db,
    db
      .raw(sql, bindings as Knex.RawBinding[])
      .toSQL()
      .toNative(),
  );
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The data of `npm run bench:relations` (issue 27): `articles` with an author (many-to-one to `authors`) and
 * tags (many-to-many to `tags` through `articles_tags`). The four collections and three relations are made
 * through each server's own /collections and /relations; the rows then go in with one INSERT … SELECT per
 * table, straight into each server's database (the same statements for both servers, so both hold the very
 * same rows). Both servers are asked afterwards how many rows they see.
 */
import knexFactory, { type Knex } from 'knex';
import { call, callOk, isRecord } from './api-client.js';

export type Sizes = { articles: number; tags: number; authors: number; tagsPerArticle: number };
export const DEFAULT_SIZES: Sizes = { articles: 100_000, tags: 1000, authors: 1000, tagsPerArticle: 10 };

export type Db = { client: 'sqlite'; filename: string } | { client: 'postgres'; connectionString: string };

const COLLECTIONS = ['articles_tags', 'articles', 'tags', 'authors'];

const pk = {
  field: 'id',
  type: 'integer',
  meta: { hidden: true, readonly: true },
  schema: { is_primary_key: true, has_auto_increment: true },
};
const text = (field: string) => ({ field, type: 'string', meta: {}, schema: {} });
const integer = (field: string) => ({ field, type: 'integer', meta: {}, schema: {} });

/** Removes what an earlier run left (the PostgreSQL "reference" database is kept between runs). */
export async function removeRelationsSchema(port: number, token: string): Promise<void> {
  for (const collection of COLLECTIONS) {
    const dropped = await call(port, `/collections/${collection}`, { method: 'DELETE', token });
    if (dropped.status >= 300 && dropped.status !== 403 && dropped.status !== 404)
      throw new Error(`DELETE /collections/${collection} answered ${dropped.status}: ${dropped.text.slice(0, 300)}`);
  }
}

/** The collections, fields and relations, through the server's API (the same payloads for both servers). */
export async function createRelationsSchema(port: number, token: string): Promise<void> {
  const post = (path: string, body: unknown) => callOk(port, path, { method: 'POST', token, body });
  await post('/collections', { collection: 'authors', meta: {}, schema: {}, fields: [pk, text('name')] });
  await post('/collections', { collection: 'tags', meta: {}, schema: {}, fields: [pk, text('name')] });
  await post('/collections', {
    collection: 'articles',
    meta: {},
    schema: {},
    fields: [
      pk,
      text('title'),
      text('status'),
      integer('views'),
      { field: 'author', type: 'integer', meta: { special: ['m2o'], interface: 'select-dropdown-m2o' }, schema: {} },
      { field: 'tags', type: 'alias', meta: { special: ['m2m'], interface: 'list-m2m' } },
    ],
  });
  await post('/collections', {
    collection: 'articles_tags',
    meta: { hidden: true },
    schema: {},
    fields: [pk, integer('articles_id'), integer('tags_id')],
  });
  await post('/relations', { collection: 'articles', field: 'author', related_collection: 'authors', schema: { on_delete: 'SET NULL' } });
  await post('/relations', {
    collection: 'articles_tags',
    field: 'articles_id',
    related_collection: 'articles',
    meta: { one_field: 'tags', junction_field: 'tags_id', sort_field: null },
    schema: { on_delete: 'CASCADE' },
  });
  await post('/relations', {
    collection: 'articles_tags',
    field: 'tags_id',
    related_collection: 'tags',
    meta: { one_field: null, junction_field: 'articles_id', sort_field: null },
    schema: { on_delete: 'CASCADE' },
  });
}

export function connect(db: Db): Knex {
  return db.client === 'sqlite'
    ? knexFactory({ client: 'better-sqlite3', connection: { filename: db.filename }, useNullAsDefault: true })
    : knexFactory({ client: 'pg', connection: db.connectionString });
}

/** One statement per table: numbers 1..n from generate_series (PostgreSQL) or a recursive CTE (SQLite). */
function statements(db: Db, s: Sizes): string[] {
  const series = (name: string, n: number) =>
    db.client === 'postgres'
      ? `generate_series(1, ${n}) AS ${name}(n)`
      : `(WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ${n}) SELECT n FROM c) AS ${name}`;
  const status = `CASE a.n % 3 WHEN 0 THEN 'published' WHEN 1 THEN 'draft' ELSE 'archived' END`;
  // Tag k of article a: (7a + 101k) mod tags, distinct for k < 10 when tags is 1,000.
  return [
    `INSERT INTO authors (id, name) SELECT a.n, 'Author ' || a.n FROM ${series('a', s.authors)}`,
    `INSERT INTO tags (id, name) SELECT a.n, 'Tag ' || a.n FROM ${series('a', s.tags)}`,
    `INSERT INTO articles (id, title, status, views, author) SELECT a.n, 'Article ' || a.n, ${status}, (a.n * 7919) % 10007, a.n % ${s.authors} + 1 FROM ${series('a', s.articles)}`,
    `INSERT INTO articles_tags (id, articles_id, tags_id) SELECT (a.n - 1) * ${s.tagsPerArticle} + k.n, a.n, (a.n * 7 + (k.n - 1) * 101) % ${s.tags} + 1 FROM ${series('a', s.articles)} CROSS JOIN ${series('k', s.tagsPerArticle)}`,
    // Neither server indexes a foreign key by itself; any site with a million junction rows has this index.
    'CREATE INDEX articles_tags_articles_id_index ON articles_tags (articles_id)',
  ];
}

/** The rows, straight into the server's database, then the sequences moved past them and the statistics made. */
export async function insertRows(db: Db, sizes: Sizes): Promise<void> {
  const knex = connect(db);
  try {
    await knex.transaction(async (trx) => {
      for (const sql of statements(db, sizes)) await trx.raw(sql);
      if (db.client === 'postgres')
        for (const table of ['authors', 'tags', 'articles', 'articles_tags'])
          await trx.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    });
    await knex.raw(db.client === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
  } finally {
    await knex.destroy();
  }
}

/** How many rows of each collection the server sees through its API (so direct inserts are known to be read). */
export async function countThroughApi(port: number, token: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const collection of COLLECTIONS) {
    const data = await callOk(port, `/items/${collection}?aggregate[count]=*`, { token, timeoutMs: 120_000 });
    counts[collection] = Array.isArray(data) && isRecord(data[0]) ? Number(data[0].count) : NaN;
  }
  return counts;
}

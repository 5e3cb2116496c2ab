/**
 * The floor: a bare Fastify server that answers the same JSON as Stratum's `GET /activity?limit=20`,
 * `GET /activity/:id`, `GET /server/ping` and the bench's items list (admin and reader), from prepared statements on a copy of Stratum's activity data.
 * No authentication, no query parsing beyond `limit`, no permissions: what this machine can do at all.
 *
 *   node --import tsx bench/floor.ts --port 8167 --sqlite bench/.work/floor.db
 *   node --import tsx bench/floor.ts --port 8167 --pg postgres://postgres@127.0.0.1/stratum_bench
 */
import { Database } from './lib/better-sqlite3.js';
import Fastify from 'fastify';
import pg from 'pg';
import { parseArgs } from 'node:util';

type ActivityRow = Record<string, unknown> & { revisions: unknown };
type ItemRow = Record<string, unknown>;
type Source = {
  list: (limit: number) => Promise<ActivityRow[]> | ActivityRow[];
  one: (id: number) => Promise<ActivityRow | undefined> | ActivityRow | undefined;
  /** The bench's items case: `status = 'published'` (and `views <= maxViews`) sorted by `views` descending; the reader sees fewer fields. */
  items: (limit: number, reader: boolean, maxViews: number | undefined) => Promise<ItemRow[]> | ItemRow[];
  close: () => Promise<void> | void;
};

/** The columns of the items case: every field for the admin, the reader policy's field list for the reader. */
const ITEM_COLUMNS = { admin: 'id, title, status, views, author', reader: 'id, title, status, views' };
const itemsSql = (columns: string, limit: string, maxViews?: string) =>
  `SELECT ${columns} FROM bench_articles WHERE status = 'published'${maxViews ? ` AND views <= ${maxViews}` : ''} ORDER BY views DESC LIMIT ${limit}`;

const COLUMNS = 'a.id, a.action, a."user", a.timestamp, a.ip, a.user_agent, a.collection, a.item, a.comment, a.origin';

function sqliteSource(filename: string): Source {
  const db = new Database(filename, { readonly: true, fileMustExist: true });
  const revisions = `(SELECT json_group_array(r.id) FROM (SELECT id FROM service_revisions WHERE activity = a.id ORDER BY id) r) AS revisions`;
  const list = db.prepare(`SELECT ${COLUMNS}, ${revisions} FROM service_activity a ORDER BY a.id LIMIT ?`);
  const one = db.prepare(`SELECT ${COLUMNS}, ${revisions} FROM service_activity a WHERE a.id = ?`);
  const parse = (row: ActivityRow): ActivityRow => ({ ...row, revisions: JSON.parse(String(row.revisions)) as unknown });
  const itemsAdmin = db.prepare(itemsSql(ITEM_COLUMNS.admin, '?'));
  const itemsReader = db.prepare(itemsSql(ITEM_COLUMNS.reader, '?'));
  const itemsAdminViews = db.prepare(itemsSql(ITEM_COLUMNS.admin, '?', '?'));
  return {
    items: (limit, reader, maxViews) =>
      maxViews === undefined
        ? ((reader ? itemsReader : itemsAdmin).all(limit) as ItemRow[])
        : (itemsAdminViews.all(maxViews, limit) as ItemRow[]),
    list: (limit) => (list.all(limit) as ActivityRow[]).map(parse),
    one: (id) => {
      const row = one.get(id) as ActivityRow | undefined;
      return row ? parse(row) : undefined;
    },
    close: () => db.close(),
  };
}

function pgSource(connectionString: string): Source {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const revisions = `(SELECT coalesce(json_agg(r.id ORDER BY r.id), '[]'::json) FROM service_revisions r WHERE r.activity = a.id) AS revisions`;
  const iso = (row: ActivityRow): ActivityRow => (row.timestamp instanceof Date ? { ...row, timestamp: row.timestamp.toISOString() } : row);
  return {
    list: async (limit) =>
      (
        await pool.query<ActivityRow>({
          name: 'floor-list',
          text: `SELECT ${COLUMNS}, ${revisions} FROM service_activity a ORDER BY a.id LIMIT $1`,
          values: [limit],
        })
      ).rows.map(iso),
    one: async (id) => {
      const row = (
        await pool.query<ActivityRow>({
          name: 'floor-one',
          text: `SELECT ${COLUMNS}, ${revisions} FROM service_activity a WHERE a.id = $1`,
          values: [id],
        })
      ).rows[0];
      return row ? iso(row) : undefined;
    },
    items: async (limit, reader, maxViews) =>
      (
        await pool.query<ItemRow>(
          maxViews === undefined
            ? {
                name: reader ? 'floor-items-reader' : 'floor-items-admin',
                text: itemsSql(reader ? ITEM_COLUMNS.reader : ITEM_COLUMNS.admin, '$1'),
                values: [limit],
              }
            : { name: 'floor-items-views', text: itemsSql(ITEM_COLUMNS.admin, '$1', '$2'), values: [limit, maxViews] },
        )
      ).rows,
    close: () => pool.end(),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '8167' }, sqlite: { type: 'string' }, pg: { type: 'string' } },
  });
  const source = values.pg ? pgSource(values.pg) : values.sqlite ? sqliteSource(values.sqlite) : undefined;
  if (!source) throw new Error('floor: --sqlite <file> or --pg <connection string> is required');

  const app = Fastify({ logger: false });
  app.get('/server/ping', async (_request, reply) => reply.type('text/html; charset=utf-8').send('pong'));
  app.get<{ Querystring: { limit?: string } }>('/activity', async (request) => {
    const limit = Number(request.query.limit ?? 100);
    return { data: await source.list(Number.isInteger(limit) && limit > 0 ? limit : 100) };
  });
  // Filter and sort are fixed (the bench's request), but for `filter[views][_lte]` (the items-filters case);
  // `as=reader` answers with the reader's fields.
  app.get<{ Querystring: { limit?: string; as?: string; 'filter[views][_lte]'?: string } }>('/items/bench_articles', async (request) => {
    const limit = Number(request.query.limit ?? 100);
    const maxViews = Number(request.query['filter[views][_lte]']);
    return {
      data: await source.items(
        Number.isInteger(limit) && limit > 0 ? limit : 100,
        request.query.as === 'reader',
        Number.isInteger(maxViews) ? maxViews : undefined,
      ),
    };
  });
  app.get<{ Params: { id: string } }>('/activity/:id', async (request, reply) => {
    const row = await source.one(Number(request.params.id));
    if (!row) return reply.code(404).send({ errors: [{ message: 'Not found', extensions: { code: 'FORBIDDEN' } }] });
    return { data: row };
  });

  const stop = async () => {
    await app.close();
    await source.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  await app.listen({ host: '127.0.0.1', port: Number(values.port) });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

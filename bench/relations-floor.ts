/**
 * The floor of `npm run bench:relations`: a bare Fastify server that answers the relational read and its
 * GraphQL twin with one hand-written SQL statement each (bench/lib/relations-sql.ts), sending the JSON text
 * the database built as it is. No authentication, no query parsing beyond `limit` and `offset` (for GraphQL:
 * the `limit:` and `offset:` arguments read out of the query text), no permissions.
 *
 *   node --import tsx bench/relations-floor.ts --port 8177 --sqlite bench/.work/relations/stratum.db
 *   node --import tsx bench/relations-floor.ts --port 8177 --pg postgres://postgres@127.0.0.1/stratum_relations
 */
import Fastify from 'fastify';
import pg from 'pg';
import { parseArgs } from 'node:util';
import { Database } from './lib/better-sqlite3.js';
import { postgresStatement, sqliteStatement, type Shape } from './lib/relations-sql.js';

type Run = (shape: Shape, limit: number, offset: number) => Promise<string> | string;

function sqliteRun(filename: string): { run: Run; close: () => void } {
  const db = new Database(filename, { readonly: true, fileMustExist: true });
  const prepared = { rest: db.prepare(sqliteStatement('rest')).pluck(), graphql: db.prepare(sqliteStatement('graphql')).pluck() };
  return { run: (shape, limit, offset) => String(prepared[shape].get(limit, offset)), close: () => db.close() };
}

function postgresRun(connectionString: string): { run: Run; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString, max: 10 });
  return {
    run: async (shape, limit, offset) =>
      (await pool.query<{ body: string }>({ name: `floor-${shape}`, text: postgresStatement(shape), values: [limit, offset] })).rows[0]
        ?.body ?? '',
    close: () => pool.end(),
  };
}

const count = (value: unknown, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '8177' }, sqlite: { type: 'string' }, pg: { type: 'string' } },
  });
  const source = values.pg ? postgresRun(values.pg) : values.sqlite ? sqliteRun(values.sqlite) : undefined;
  if (!source) throw new Error('relations-floor: --sqlite <file> or --pg <connection string> is required');

  const app = Fastify({ logger: false });
  app.get('/server/ping', async (_request, reply) => reply.type('text/html; charset=utf-8').send('pong'));
  app.get<{ Querystring: { limit?: string; offset?: string } }>('/items/articles', async (request, reply) => {
    const body = await source.run('rest', count(request.query.limit, 100), count(request.query.offset, 0));
    return reply.type('application/json; charset=utf-8').send(body);
  });
  app.post<{ Body: { query?: string } }>('/graphql', async (request, reply) => {
    const query = String(request.body?.query ?? '');
    const argument = (name: string) => new RegExp(`${name}:\\s*(\\d+)`).exec(query)?.[1];
    const body = await source.run('graphql', count(argument('limit'), 100), count(argument('offset'), 0));
    return reply.type('application/json; charset=utf-8').send(body);
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

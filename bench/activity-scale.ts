/**
 * Activity at scale: loads 1,000,000 activity rows into a fresh database and measures the common reads over
 * HTTP, one request at a time (median and p95 latency). Target (issue 4): median under 10 ms each.
 *
 *   npm run bench:activity                  # SQLite
 *   npm run bench:activity -- --db postgres # the local PostgreSQL (127.0.0.1:5432, user postgres)
 *   npm run bench:activity -- --rows 200000 --requests 300
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i]!;
  if (arg.startsWith('--'))
    args.set(arg.slice(2), process.argv[i + 1] && !process.argv[i + 1]!.startsWith('--') ? process.argv[++i]! : 'true');
}
const vendor = args.get('db') ?? 'sqlite';
const rows = Number(args.get('rows') ?? 1_000_000);
const requests = Number(args.get('requests') ?? 200);
const work = join(import.meta.dirname, '.work');

async function main(): Promise<void> {
  mkdirSync(work, { recursive: true });
  const dbName = `stratum_bench_${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    LOG_LEVEL: 'warn',
    SECRET: 'bench-secret-0123456789',
    ADMIN_PASSWORD: 'AdminPass123!',
    ACTIVITY_RETENTION: 'false',
    REVISIONS_RETENTION: 'false',
  };
  let dropDatabase = async () => undefined as void;
  if (vendor === 'postgres') {
    const admin = knexFactory({ client: 'pg', connection: { host: '127.0.0.1', user: 'postgres', database: 'postgres' } });
    await admin.raw(`CREATE DATABASE ${dbName}`);
    await admin.destroy();
    Object.assign(env, { DB_CLIENT: 'pg', DB_CONNECTION_STRING: `postgres://postgres@127.0.0.1:5432/${dbName}` });
    dropDatabase = async () => {
      const again = knexFactory({ client: 'pg', connection: { host: '127.0.0.1', user: 'postgres', database: 'postgres' } });
      await again.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await again.destroy();
    };
  } else {
    const file = join(work, `${dbName}.db`);
    env.DB_FILENAME = file;
    dropDatabase = async () => rmSync(file.replace(/\.db$/, ''), { force: true, recursive: true });
  }

  const app = await createApp(loadConfig(env, { readDotEnv: false }));
  try {
    await app.bootstrap();
    const started = Date.now();
    await load(app.knex, app.dialect.toDatabase.bind(app.dialect));
    process.stdout.write(`loaded ${rows.toLocaleString('en')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    if (vendor === 'postgres') await app.knex.raw('ANALYZE service_activity');
    else await app.knex.raw('ANALYZE');

    const url = await app.server.listen({ host: '127.0.0.1', port: 0 });
    const login = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'AdminPass123!' }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const cases = [
      [
        'item history, newest first, with filter_count',
        '/activity?filter[collection][_eq]=articles&filter[item][_eq]=4242&sort=-timestamp&limit=25&meta=filter_count',
      ],
      ['newest first (unfiltered)', '/activity?sort=-timestamp&limit=25'],
      ['by user, newest first', `/activity?filter[user][_null]=true&sort=-timestamp&limit=25`],
      ['by action with filter_count', '/activity?filter[action][_eq]=delete&sort=-timestamp&limit=25&meta=filter_count'],
    ] as const;
    const table = ['| case | median ms | p95 ms | rows returned |', '|---|---:|---:|---:|'];
    for (const [name, path] of cases) {
      const times: number[] = [];
      let returned = 0;
      for (let i = 0; i < requests + 20; i++) {
        const t0 = performance.now();
        const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await response.json()) as { data?: unknown[] };
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        if (i >= 20) times.push(performance.now() - t0);
        returned = body.data?.length ?? 0;
      }
      times.sort((a, b) => a - b);
      const pick = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
      table.push(`| ${name} (\`${path}\`) | ${pick(0.5)} | ${pick(0.95)} | ${returned} |`);
    }
    const report = [
      '',
      `## Activity at scale: ${vendor}, ${rows.toLocaleString('en')} rows (${new Date().toISOString().slice(0, 10)})`,
      '',
      `Machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}. Command: \`npm run bench:activity -- --db ${vendor} --rows ${rows} --requests ${requests}\`; ${requests} sequential requests per case after 20 warm-up requests.`,
      '',
      ...table,
      '',
    ].join('\n');
    process.stdout.write(report);
    appendFileSync(join(import.meta.dirname, 'RESULTS-activity.md'), report);
  } finally {
    await app.close();
    await dropDatabase();
  }
}

/** Inserts the rows in batches inside transactions: 100 collections × 5000 items, actions and users mixed. */
async function load(knex: import('knex').Knex, toDatabase: (type: 'timestamp', value: unknown) => unknown): Promise<void> {
  const actions = ['create', 'update', 'update', 'update', 'delete', 'login'];
  const users = Array.from({ length: 50 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const start = Date.now() - rows * 1000;
  const batch = 1000;
  for (let offset = 0; offset < rows; offset += batch * 20) {
    await knex.transaction(async (trx) => {
      for (let b = offset; b < Math.min(rows, offset + batch * 20); b += batch) {
        const chunk = [];
        for (let i = b; i < Math.min(rows, b + batch); i++) {
          chunk.push({
            action: actions[i % actions.length],
            user: i % 7 === 0 ? null : users[i % users.length],
            timestamp: toDatabase('timestamp', new Date(start + i * 1000).toISOString()),
            ip: '127.0.0.1',
            user_agent: 'bench',
            origin: null,
            collection: i % 100 === 0 ? 'articles' : `collection_${i % 100}`,
            item: String(Math.floor(i / 100) % 5000),
          });
        }
        for (let c = 0; c < chunk.length; c += 100) await trx('service_activity').insert(chunk.slice(c, c + 100));
      }
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

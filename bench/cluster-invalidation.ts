/**
 * Cross-instance cache correctness (decision 0012), measured with two apps (two "instances": own pools, own
 * caches) on one database:
 *  - the per-request cost of the version check (the stored versions read before every request; requests that
 *    arrive together share one read), alone and against a whole cached request;
 *  - the cost of invalidation per write: raising a version in the writing transaction, and the next request
 *    on the other instance, which rebuilds what the write made stale (permission tables, or the schema overview).
 * A 30-collection, 240-field schema. Appends a section to bench/RESULTS-cluster.md.
 *
 *   npm run bench:cluster                  # SQLite
 *   npm run bench:cluster -- --db postgres # the local PostgreSQL (127.0.0.1:5432, user postgres)
 *   npm run bench:cluster -- --db mysql    # the local MariaDB/MySQL (127.0.0.1:3306, user root)
 *   npm run bench:cluster -- --runs 200
 */
import { appendFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { createBenchDatabase } from './lib/bench-database.js';
import { bumpCacheVersions, readCacheVersions } from '../src/engine/cache-sync/cache-versions.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i]!;
  if (arg.startsWith('--'))
    args.set(arg.slice(2), process.argv[i + 1] && !process.argv[i + 1]!.startsWith('--') ? process.argv[++i]! : 'true');
}
const vendor = args.get('db') ?? 'sqlite';
const runs = Number(args.get('runs') ?? 100);
const COLLECTIONS = 30;
const FIELDS = 8;

function stats(samples: number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]! };
}

const rows: string[] = [];
function row(label: string, samples: number[], unit: 'ms' | 'µs' = 'ms'): void {
  const { median, p95 } = stats(samples);
  const f = (v: number) => (unit === 'µs' ? `${(v * 1000).toFixed(0)} µs` : `${v.toFixed(2)} ms`);
  rows.push(`| ${label} | ${f(median)} | ${f(p95)} |`);
  process.stdout.write(`${label}: median ${f(median)}, p95 ${f(p95)}\n`);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const db = await createBenchDatabase(vendor, join(import.meta.dirname, '.work'));
  // CACHE_SYSTEM_TTL=0: only version changes drop caches, so every rebuild measured here is one a write caused.
  const env = {
    LOG_LEVEL: 'warn',
    SECRET: 'bench-secret-0123456789',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'AdminPass123!',
    RATE_LIMITER_ENABLED: 'false',
    CACHE_SYSTEM_TTL: '0',
    ...db.env,
  };
  let a: App | undefined;
  let b: App | undefined;
  try {
    a = await createApp(loadConfig(env, { readDotEnv: false }));
    await a.bootstrap();
    b = await createApp(loadConfig(env, { readDotEnv: false }));
    const login = await a.server.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'admin@example.com', password: 'AdminPass123!' },
    });
    const admin = (login.json() as { data: { access_token: string } }).data.access_token;
    const call = async (app: App, method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) => {
      const response = await app.server.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { payload: JSON.stringify(payload) } : {}),
      });
      if (response.statusCode >= 300) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body.slice(0, 300)}`);
      return (response.json() as { data: Record<string, unknown> }).data;
    };
    for (let c = 1; c <= COLLECTIONS; c++) {
      const fields = [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }];
      for (let f = 1; f < FIELDS; f++) fields.push({ field: `f${f}`, type: 'string' } as never);
      await call(a, 'POST', '/collections', admin, { collection: `bench_c${String(c).padStart(2, '0')}`, schema: {}, fields });
    }
    for (let i = 0; i < 20; i++) await call(a, 'POST', '/items/bench_c01', admin, { f1: `row ${i}` });
    const role = await call(a, 'POST', '/roles', admin, { name: 'Bench' });
    const policy = await call(a, 'POST', '/policies', admin, { name: 'Bench', app_access: false, admin_access: false });
    await call(a, 'POST', '/access', admin, { role: role.id, policy: policy.id });
    const rule = await call(a, 'POST', '/permissions', admin, {
      policy: policy.id,
      collection: 'bench_c01',
      action: 'read',
      fields: ['*'],
    });
    await call(a, 'POST', '/users', admin, { email: 'bench@example.com', password: 'UserPass123!', role: role.id, status: 'active' });
    const userLogin = await b.server.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'bench@example.com', password: 'UserPass123!' },
    });
    const user = (userLogin.json() as { data: { access_token: string } }).data.access_token;
    const read = () => call(b!, 'GET', '/items/bench_c01?limit=20', user);
    for (let i = 0; i < 20; i++) await read();

    const samples = async (work: () => Promise<unknown>) => {
      const out: number[] = [];
      for (let i = 0; i < runs; i++) out.push(await timed(work));
      return out;
    };
    row('the versions query alone (one single-row SELECT)', await samples(() => readCacheVersions(b!.knex)), 'µs');
    row('version check before a request (cacheSync.check, nothing changed)', await samples(() => b!.cacheSync.check()), 'µs');
    let queries = 0;
    const count = () => queries++;
    b.knex.on('query', count);
    for (let i = 0; i < 20; i++) await Promise.all(Array.from({ length: 50 }, () => b!.cacheSync.check()));
    b.knex.off('query', count);
    rows.push(`| 50 requests arriving together | ${(queries / 20).toFixed(1)} version queries per 50 checks | |`);
    row('GET /items (user, 20 rows, caches warm) on B, whole request', await samples(read));
    // Under concurrency the read is shared: 16 requests in flight at a time.
    let versionQueries = 0;
    const countVersions = (q: { sql: string }) => {
      if (q.sql.includes('service_schema_version')) versionQueries++;
    };
    b.knex.on('query', countVersions);
    const total = runs * 16;
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next++ < total) await read();
      }),
    );
    const elapsed = performance.now() - started;
    b.knex.off('query', countVersions);
    rows.push(
      `| ${total} GET /items on B, 16 in flight | ${(total / (elapsed / 1000)).toFixed(0)} requests/s | ${(versionQueries / total).toFixed(2)} version queries per request |`,
    );

    row(
      'transaction that raises the access version (bump only)',
      await samples(() => a!.knex.transaction((trx) => bumpCacheVersions(trx, { schema: false, access: true }))),
    );
    row('empty transaction (select 1), for comparison', await samples(() => a!.knex.transaction((trx) => trx.raw('select 1'))));

    const permissionWrite: number[] = [];
    const afterPermission: number[] = [];
    for (let i = 0; i < runs; i++) {
      permissionWrite.push(
        await timed(() => call(a!, 'PATCH', `/permissions/${String(rule.id)}`, admin, { fields: i % 2 === 0 ? ['id', 'f1'] : ['*'] })),
      );
      afterPermission.push(await timed(read));
    }
    row('PATCH /permissions on A (includes the version raise)', permissionWrite);
    row('next GET /items on B after it (rebuilds the permission tables)', afterPermission);

    const schemaRuns = Math.min(runs, 40);
    const schemaWrite: number[] = [];
    const afterSchema: number[] = [];
    for (let i = 0; i < schemaRuns; i++) {
      schemaWrite.push(await timed(() => call(a!, 'PATCH', '/fields/bench_c02/f1', admin, { meta: { note: `note ${i}` } })));
      afterSchema.push(await timed(read));
    }
    row(`PATCH /fields meta on A (schema change, ${schemaRuns} runs)`, schemaWrite);
    row('next GET /items on B after it (rebuilds the schema overview and permission tables)', afterSchema);

    const header = [
      '',
      `## ${new Date().toISOString().slice(0, 10)} — ${vendor}, ${cpus()[0]?.model ?? 'cpu'} × ${cpus().length}, load average ${loadavg()[0]!.toFixed(1)}`,
      '',
      `\`npm run bench:cluster -- --db ${vendor} --runs ${runs}\`; two apps on one database, ${COLLECTIONS} collections × ${FIELDS} fields, one request at a time.`,
      '',
      `| case (${vendor}, ${runs} runs) | median | p95 |`,
      '|---|---|---|',
      ...rows,
      '',
    ];
    appendFileSync(join(import.meta.dirname, 'RESULTS-cluster.md'), header.join('\n'));
  } finally {
    await b?.close();
    await a?.close();
    await db.drop();
  }
}

await main();

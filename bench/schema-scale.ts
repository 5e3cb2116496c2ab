/**
 * Schema as code at scale: a 100-collection, 1,000-field, 100-relation schema is applied to a fresh database,
 * then GET /schema/snapshot and POST /schema/diff are timed one request at a time through the whole HTTP stack
 * (app.inject: routing, auth, JSON), and the services alone. The snapshot is kept between requests while the
 * schema version stored in the database is unchanged (decision 0010): a request reads that version, and a diff
 * parses and compares the upload. Target (issue 6): snapshot and diff medians
 * under 50 ms. Also times the first apply (everything created) and the apply of a small change.
 *
 *   npm run bench:schema                  # SQLite
 *   npm run bench:schema -- --db postgres # the local PostgreSQL (127.0.0.1:5432, user postgres)
 *   npm run bench:schema -- --db mysql    # the local MariaDB/MySQL (127.0.0.1:3306, user root)
 *   npm run bench:schema -- --runs 50
 */
import { appendFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { createBenchDatabase } from './lib/bench-database.js';
import { applyDiff, diffSchema, takeSnapshot, type SchemaModuleDeps } from '../src/modules/schema/index.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i]!;
  if (arg.startsWith('--'))
    args.set(arg.slice(2), process.argv[i + 1] && !process.argv[i + 1]!.startsWith('--') ? process.argv[++i]! : 'true');
}
const vendor = args.get('db') ?? 'sqlite';
const runs = Number(args.get('runs') ?? 30);
const COLLECTIONS = 100;
const work = join(import.meta.dirname, '.work');

const TYPES: [string, Record<string, unknown>][] = [
  ['string', { max_length: 255 }],
  ['text', {}],
  ['integer', { default_value: 0 }],
  ['boolean', { default_value: false, is_nullable: false }],
  ['decimal', { numeric_precision: 10, numeric_scale: 2 }],
  ['timestamp', {}],
  ['json', {}],
  ['string', { is_unique: true, max_length: 100 }],
];

/** The snapshot of the bench schema: per collection an auto-increment id, 8 typed fields and an m2o `parent`. */
function benchSnapshot(service: string): Record<string, unknown> {
  const collections = [];
  const fields = [];
  const relations = [];
  const meta = (extra: Record<string, unknown>) => ({
    hidden: false,
    interface: 'input',
    note: null,
    readonly: false,
    required: false,
    width: 'full',
    ...extra,
  });
  for (let c = 0; c < COLLECTIONS; c++) {
    const name = `bench_c${String(c).padStart(3, '0')}`;
    collections.push({
      collection: name,
      meta: { icon: 'box', note: `Collection ${c}`, sort: c + 1, accountability: 'all' },
      schema: { name },
    });
    fields.push({
      collection: name,
      field: 'id',
      type: 'integer',
      meta: meta({ hidden: true, sort: 1 }),
      schema: { is_primary_key: true, has_auto_increment: true, is_nullable: false },
    });
    TYPES.forEach(([type, schema], i) =>
      fields.push({
        collection: name,
        field: `f${i + 1}_${type}`,
        type,
        meta: meta({ sort: i + 2, options: { placeholder: `Field ${i + 1}` } }),
        schema,
      }),
    );
    const parent = `bench_c${String(Math.max(c - 1, 0)).padStart(3, '0')}`;
    fields.push({
      collection: name,
      field: 'parent',
      type: 'integer',
      meta: meta({ sort: 10, special: ['m2o'], interface: 'select-dropdown-m2o' }),
      schema: {},
    });
    relations.push({
      collection: name,
      field: 'parent',
      related_collection: parent,
      meta: { one_field: null, one_deselect_action: 'nullify' },
      schema: { on_delete: 'SET NULL' },
    });
  }
  return { version: 1, service, vendor, collections, fields, relations };
}

function stats(samples: number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

/** Wall time (what a client waits) and this process's CPU time (what the work costs when the machine is busy). */
async function time(label: string, times: number, work: () => Promise<unknown>): Promise<string> {
  await work();
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const usage = process.cpuUsage();
    await work();
    const spent = process.cpuUsage(usage);
    samples.push(performance.now() - started);
    cpu.push((spent.user + spent.system) / 1000);
  }
  const { median, p95 } = stats(samples);
  const line = `| ${label} | ${median.toFixed(1)} ms | ${p95.toFixed(1)} ms | ${stats(cpu).median.toFixed(1)} ms |`;
  process.stdout.write(`${line}\n`);
  return line;
}

async function main(): Promise<void> {
  const db = await createBenchDatabase(vendor, work);
  const env = {
    LOG_LEVEL: 'warn',
    SECRET: 'bench-secret-0123456789',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'AdminPass123!',
    RATE_LIMITER_ENABLED: 'false',
    ...db.env,
  };
  let app: App | undefined;
  try {
    app = await createApp(loadConfig(env, { readDotEnv: false }));
    await app.bootstrap();
    const ctx = await app.systemContext();
    const deps: SchemaModuleDeps = { items: app.items, schemaStore: app.schema, version: app.version };
    const wanted = benchSnapshot(app.version);

    let started = performance.now();
    const created = await diffSchema(ctx, deps, { ...wanted, vendor: app.dialect.vendor }, { force: false });
    const report = await applyDiff(ctx, deps, created);
    const applyAll = performance.now() - started;
    const snapshot = await takeSnapshot(ctx, deps);
    process.stdout.write(
      `applied ${report.steps.length} steps (${snapshot.collections.length} collections, ${snapshot.fields.length} fields, ${snapshot.relations.length} relations) in ${(applyAll / 1000).toFixed(1)} s\n`,
    );

    const changed = structuredClone(snapshot);
    changed.fields.find((f) => f.field === 'f1_string' && f.collection === 'bench_c050')!.meta.note = 'changed';
    changed.collections[10]!.meta.icon = 'star';
    const login = await app.server.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'admin@example.com', password: 'AdminPass123!' },
    });
    const token = (login.json() as { data: { access_token: string } }).data.access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const inject = async (method: 'GET' | 'POST', url: string, payload?: unknown, status = 200) => {
      const response = await app!.server.inject({ method, url, headers, ...(payload ? { payload: JSON.stringify(payload) } : {}) });
      if (response.statusCode !== status) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body.slice(0, 300)}`);
      return response;
    };
    const snapshotBytes = (await inject('GET', '/schema/snapshot')).body.length;

    const lines = [
      `| case (${vendor}, ${runs} runs) | median | p95 | median CPU of this process |`,
      '|---|---|---|---|',
      await time('GET /schema/snapshot (HTTP)', runs, () => inject('GET', '/schema/snapshot')),
      await time('POST /schema/diff, no change (HTTP, 204)', runs, () => inject('POST', '/schema/diff', snapshot, 204)),
      await time('POST /schema/diff, 2 changes (HTTP, 200)', runs, () => inject('POST', '/schema/diff', changed)),
      await time('snapshot (service only)', runs, () => takeSnapshot(ctx, deps)),
      await time('diff, 2 changes (service only)', runs, () => diffSchema(ctx, deps, changed, { force: false })),
      await time('apply dry run, 2 changes (HTTP)', Math.min(runs, 10), async () => {
        const diff = (await inject('POST', '/schema/diff', changed)).json();
        await inject('POST', '/schema/apply?dry_run=true', diff);
      }),
    ];
    started = performance.now();
    await inject('POST', '/schema/apply', (await inject('POST', '/schema/diff', changed)).json(), 204);
    const applySmall = performance.now() - started;
    const summary = [
      '',
      `## ${new Date().toISOString().slice(0, 10)} — ${vendor}, ${cpus()[0]?.model ?? 'cpu'} × ${cpus().length}, load average ${loadavg()[0]!.toFixed(1)}`,
      '',
      `Schema: ${snapshot.collections.length} collections, ${snapshot.fields.length} fields, ${snapshot.relations.length} relations; snapshot ${(snapshotBytes / 1024).toFixed(0)} KiB of JSON.`,
      `First apply (everything created, ${report.steps.length} steps): ${(applyAll / 1000).toFixed(1)} s. Diff + apply of 2 meta changes: ${applySmall.toFixed(0)} ms.`,
      '',
      ...lines,
      '',
    ];
    process.stdout.write(`apply of 2 changes (diff + apply): ${applySmall.toFixed(0)} ms\n`);
    appendFileSync(join(import.meta.dirname, 'RESULTS-schema.md'), summary.join('\n'));
  } finally {
    await app?.close();
    await db.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

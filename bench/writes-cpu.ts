/**
 * `npm run bench:writes-cpu`: an A/B of builds by the server CPU time per request (issue 27), robust on a shared
 * machine. Each tree given (a checkout with its own `dist/` from `npm run build`, and its node_modules) runs as its
 * own Stratum on a fresh SQLite database, all at the same time, seeded the same way as `npm run bench`. Then, round
 * after round, each case runs a fixed number of requests on each server in turn (the order rotates every round):
 * utime + stime of the server's process (and its children, /proc/<pid>/stat) before and after, divided by the
 * requests. Other processes on the machine take wall time, not this CPU time, so two builds compare within a few
 * per cent even when requests per second vary by ±20 %. Prints the median (and the spread) per case and tree.
 *
 *   node --import tsx bench/writes-cpu.ts --trees /work/wt/a,/work/wt/b [--labels a,b] [--cases patch-one,post-one,activity]
 *     [--requests 3000] [--warmup 500] [--rounds 5] [--connections 10] [--port 8610] [--profile DIR]
 *     [--prelude all|case,... [--prelude-seconds 5]] [--tree-env 'KEY=VALUE+KEY=VALUE,,KEY=VALUE']
 *
 * Every tree starts with this checkout's V8 heap flags on node's command line (bench/lib/stratum-server.ts, decision
 * 0053), whatever its own harness did: round eight's tree ran without them in its own `npm run bench`, and with
 * them its `PATCH` one is in another garbage-collection state (bench/RESULTS.md, session thirteen; `npm run
 * bench:gc -- --launch own` starts a tree with its own launcher).
 *
 * `--prelude` loads each server with these cases first (`all`: every case of `npm run bench` before the first
 * measured one, in its order), each for the given seconds: the state a full bench run leaves before its writes.
 *
 * `--db postgres` gives each tree a fresh PostgreSQL database of its own (`<pg-database>_<n>`, default
 * `stratum_writes_cpu_<n>`) and also prints PostgreSQL's CPU per request: the utime + stime of the backends serving
 * the server's database (pg_stat_activity), the same way. `--floor` measures bench/floor.ts too, for the cases that
 * have a floor, reading the first tree's database (on SQLite, a copy of it).
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import knexFactory, { type Knex } from 'knex';
import { login } from './lib/api-client.js';
import { CASES, type ServerContext } from './lib/cases.js';
import { installCleanupHandlers, onCleanup } from './lib/cleanup.js';
import { median, probe, runAmount, runLoad } from './lib/load.js';
import { cpuSnapshot, portAnswers, ticksPerSecond } from './lib/process-metrics.js';
import { READER_EMAIL, READER_PASSWORD, seedData, type Target } from './lib/seed.js';
import { analyzePostgresDatabase, dropPostgresDatabase, recreatePostgresDatabase } from './lib/stratum-schema-fallback.js';
import { copySqlite, FloorServer } from './lib/floor-server.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, StratumServer } from './lib/stratum-server.js';
import { settings } from './lib/options.js';
import { prepareBenchSchema } from './lib/prepare-bench-schema.js';
import { runMain } from './lib/run-main.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message: string) => console.error(`[bench:writes-cpu] ${message}`);

const { values } = parseArgs({
  options: {
    trees: { type: 'string', default: repoRoot },
    labels: { type: 'string' },
    'tree-env': { type: 'string' },
    cases: { type: 'string', default: 'patch-one,post-one,activity' },
    requests: { type: 'string', default: '3000' },
    warmup: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '8610' },
    prelude: { type: 'string' },
    'prelude-seconds': { type: 'string', default: '5' },
    profile: { type: 'string' },
    db: { type: 'string', default: 'sqlite' },
    'pg-database': { type: 'string', default: 'stratum_writes_cpu' },
    floor: { type: 'boolean', default: false },
  },
  strict: true,
});
const trees = values.trees.split(',').map((t) => path.resolve(t));
const labels = values.labels?.split(',') ?? trees.map((t) => path.basename(t));
if (labels.length !== trees.length) throw new Error('--labels needs one label per tree');
/** Settings per tree (`--tree-env`, one entry per tree, `+` between settings): one tree twice, a setting apart. */
const treeEnvs = (values['tree-env']?.split(',') ?? []).map((entry) => settings(entry, '+'));
const caseIds = values.cases.split(',');
for (const id of caseIds) if (!CASES.some((c) => c.id === id)) throw new Error(`unknown case ${id}`);
const requests = Number(values.requests);
const warmup = Number(values.warmup);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const firstPort = Number(values.port);
if (values.db !== 'sqlite' && values.db !== 'postgres') throw new Error('--db must be sqlite or postgres');
const onPostgres = values.db === 'postgres';
const pgUser = process.env.PGUSER ?? 'postgres';
const pgUrl = (database: string) => `postgres://${pgUser}@127.0.0.1/${database}`;
/** The floor's connections name themselves, so its backends are told from Stratum's on the same database. */
const FLOOR_APP = 'writes_cpu_floor';

/** Where a server's PostgreSQL backends are found: its database, and the floor's application name or not. */
type Backends = { database: string; floor: boolean };
type Running = { label: string; ctx: ServerContext; backends?: Backends; floorPath?: boolean };

async function startTree(tree: string, label: string, port: number, env: Record<string, string>): Promise<Running> {
  if (await portAnswers(port)) throw new Error(`something already answers on 127.0.0.1:${port}`);
  const workDir = path.join(repoRoot, `bench/.work/writes-cpu-${port}`);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const database = `${values['pg-database']}_${port - firstPort}`;
  if (onPostgres) {
    await recreatePostgresDatabase(pgUrl('postgres'), database);
    // Registered before the server starts, so it runs after the server's own stop (cleanup runs newest first).
    onCleanup(
      `database ${database}`,
      () => dropPostgresDatabase(pgUrl('postgres'), database),
      () => undefined,
    );
  }
  const db = onPostgres
    ? { client: 'postgres' as const, connectionString: pgUrl(database) }
    : { client: 'sqlite' as const, filename: path.join(workDir, 'stratum.db') };
  const target: Target = { label, port, usersCollection: 'service_users' };
  await prepareBenchSchema({ tree, workDir, db, target });
  const profileDir = values.profile ? path.join(path.resolve(values.profile), label) : undefined;
  const server = new StratumServer({
    repoRoot: tree,
    workDir,
    port,
    db,
    logName: 'stratum',
    env,
    ...(profileDir ? { cpuProfDir: profileDir } : {}),
  });
  await server.start();
  log(`${label}: seeding on ${port} ...`);
  const seeded = await seedData(target);
  const tokens = {
    admin: (await login(port, ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken,
    reader: (await login(port, READER_EMAIL, READER_PASSWORD)).accessToken,
  };
  if (onPostgres) await analyzePostgresDatabase(pgUrl(database));
  return {
    label,
    ctx: { label, port, pid: () => server.pid, seeded, token: (who) => Promise.resolve(tokens[who]) },
    ...(onPostgres ? { backends: { database, floor: false } } : {}),
  };
}

/** bench/floor.ts on the first tree's data (its database on PostgreSQL, a copy of its file on SQLite). */
async function startFloor(first: Running, port: number): Promise<Running> {
  if (await portAnswers(port)) throw new Error(`something already answers on 127.0.0.1:${port}`);
  const workDir = path.join(repoRoot, `bench/.work/writes-cpu-${port}`);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  let source: { sqlite: string } | { pg: string };
  if (first.backends) {
    source = { pg: `${pgUrl(first.backends.database)}?application_name=${FLOOR_APP}` };
  } else {
    const copy = path.join(workDir, 'floor.db');
    await copySqlite(path.join(repoRoot, `bench/.work/writes-cpu-${first.ctx.port}/stratum.db`), copy);
    source = { sqlite: copy };
  }
  const floor = new FloorServer({ repoRoot, workDir, port, source });
  await floor.start();
  return {
    label: 'floor',
    ctx: { label: 'floor', port, pid: () => floor.pid, seeded: first.ctx.seeded, token: () => Promise.resolve('') },
    ...(first.backends ? { backends: { database: first.backends.database, floor: true } } : {}),
    floorPath: true,
  };
}

/** utime + stime (ticks) of the PostgreSQL backends serving `backends`, by pid (pg_stat_activity). */
async function backendTicks(admin: Knex, backends: Backends): Promise<Map<number, number>> {
  const rows = (
    await admin.raw<{ rows: { pid: number }[] }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = ? AND backend_type = 'client backend' AND pid <> pg_backend_pid()
         AND (application_name = ?) = ?`,
      [backends.database, FLOOR_APP, backends.floor],
    )
  ).rows;
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(f[11]) + Number(f[12]));
    } catch {
      // the backend ended meanwhile
    }
  }
  return ticks;
}

/** Ticks used between two readings: backends seen at both, and the whole of those that started in between. */
function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ticks] of after) sum += ticks - (before.get(pid) ?? 0);
  return sum;
}

async function main(): Promise<void> {
  installCleanupHandlers(3 * 60 * 60_000);
  const servers: Running[] = [];
  for (const [i, tree] of trees.entries()) servers.push(await startTree(tree, labels[i] ?? tree, firstPort + i, treeEnvs[i] ?? {}));
  const stratumServers = [...servers];
  if (values.floor && servers[0]) servers.push(await startFloor(servers[0], firstPort + trees.length));
  const admin = onPostgres ? knexFactory({ client: 'pg', connection: pgUrl('postgres'), pool: { min: 0, max: 1 } }) : undefined;
  const firstMeasured = CASES.findIndex((c) => caseIds.includes(c.id));
  const prelude =
    values.prelude === undefined
      ? []
      : values.prelude === 'all'
        ? CASES.slice(0, firstMeasured)
        : CASES.filter((c) => values.prelude?.split(',').includes(c.id));
  for (const server of stratumServers) {
    for (const benchCase of prelude) {
      log(`${server.label}: prelude ${benchCase.id} for ${values['prelude-seconds']} s ...`);
      const spec = await benchCase.spec(server.ctx, connections);
      await runLoad(server.ctx.port, spec, { connections, durationS: Number(values['prelude-seconds']) });
    }
  }
  const perTick = 1e6 / ticksPerSecond();
  const samples = new Map<string, number[]>();
  const pgSamples = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const id of caseIds) {
      const benchCase = CASES.find((c) => c.id === id);
      if (!benchCase) continue;
      for (let k = 0; k < servers.length; k++) {
        const server = servers[(k + round) % servers.length];
        if (!server) continue;
        if (server.floorPath && !benchCase.floorPath) continue;
        const caseSpec = await benchCase.spec(server.floorPath ? (servers[0]?.ctx ?? server.ctx) : server.ctx, connections);
        const spec =
          server.floorPath && benchCase.floorPath ? { ...caseSpec, path: benchCase.floorPath(server.ctx.seeded), headers: {} } : caseSpec;
        const answer = await probe(server.ctx.port, spec);
        if (answer.status >= 300) throw new Error(`${server.label} ${id}: ${answer.status} ${answer.text.slice(0, 200)}`);
        await runAmount(server.ctx.port, spec, { connections, amount: warmup });
        const pgBefore = admin && server.backends ? await backendTicks(admin, server.backends) : undefined;
        const before = cpuSnapshot(server.ctx.pid()).server;
        await runAmount(server.ctx.port, spec, { connections, amount: requests });
        const us = ((cpuSnapshot(server.ctx.pid()).server - before) * perTick) / requests;
        const key = `${id}\t${server.label}`;
        samples.set(key, [...(samples.get(key) ?? []), us]);
        let pgNote = '';
        if (admin && server.backends && pgBefore) {
          const pgUs = (ticksBetween(pgBefore, await backendTicks(admin, server.backends)) * perTick) / requests;
          pgSamples.set(key, [...(pgSamples.get(key) ?? []), pgUs]);
          pgNote = `, PostgreSQL ${pgUs.toFixed(0)} µs`;
        }
        log(`round ${round + 1} ${id} ${server.label}: ${us.toFixed(0)} µs CPU per request${pgNote}`);
      }
    }
  }
  await admin?.destroy();
  const columns = servers.map((s) => s.label);
  const table = (title: string, from: Map<string, number[]>) => {
    const lines = [
      `${title} (µs; median of ${rounds} rounds of ${requests} requests after ${warmup} warm-up, ${connections} connections; min–max)`,
      '',
      `| Case | ${columns.join(' | ')} |`,
      `|---|${columns.map(() => '--:').join('|')}|`,
    ];
    for (const id of caseIds) {
      const cells = columns.map((label) => {
        const xs = from.get(`${id}\t${label}`) ?? [];
        return xs.length === 0 ? '—' : `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
      });
      lines.push(`| \`${id}\` | ${cells.join(' | ')} |`);
    }
    return lines.join('\n');
  };
  console.log(table('Server CPU per request', samples));
  if (onPostgres) console.log(`\n${table("PostgreSQL's CPU per request (the backends serving each server)", pgSamples)}`);
}

runMain('bench:writes-cpu', main, { cleanUpAfterSuccess: true });

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
 *     [--db sqlite|postgres [--pg-database PREFIX]]
 *
 * `--db postgres`: each tree gets a fresh database `<PREFIX>_<port>` (dropped and created again; dropped at the end)
 * on the local PostgreSQL (127.0.0.1:5432, user `PGUSER` or postgres), seeded as `npm run bench -- --db postgres`
 * seeds, `VACUUM ANALYZE` after the seeding included. The server's CPU is the figure; PostgreSQL's own work per
 * request is in other processes and is not counted.
 *
 * `--prelude` loads each server with these cases first (`all`: every case of `npm run bench` before the first
 * measured one, in its order), each for the given seconds: the state a full bench run leaves before its writes.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { baseUrl, login } from './lib/api-client.js';
import { CASES, type LoadSpec, type ServerContext } from './lib/cases.js';
import { installCleanupHandlers, onCleanup } from './lib/cleanup.js';
import { probe, runLoad } from './lib/load.js';
import { cpuSnapshot, portAnswers, ticksPerSecond } from './lib/process-metrics.js';
import { createSchemaViaApi, READER_EMAIL, READER_PASSWORD, seedData, type Target } from './lib/seed.js';
import {
  analyzePostgresDatabase,
  createSchemaDirectly,
  dropPostgresDatabase,
  recreatePostgresDatabase,
} from './lib/stratum-schema-fallback.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, StratumServer, type StratumConfig } from './lib/stratum-server.js';
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
    callgrind: { type: 'string' },
    'pg-database': { type: 'string', default: 'stratum_writes_cpu' },
  },
  strict: true,
});
if (values.db !== 'sqlite' && values.db !== 'postgres') throw new Error('--db must be sqlite or postgres');
const pgUser = process.env.PGUSER ?? 'postgres';
const pgAdmin = `postgres://${pgUser}@127.0.0.1/postgres`;
const trees = values.trees.split(',').map((t) => path.resolve(t));
const labels = values.labels?.split(',') ?? trees.map((t) => path.basename(t));
if (labels.length !== trees.length) throw new Error('--labels needs one label per tree');
/** Settings per tree (`--tree-env`, one entry per tree, `+` between settings): one tree twice, a setting apart. */
const treeEnvs = (values['tree-env']?.split(',') ?? []).map((entry) =>
  Object.fromEntries(
    entry
      .split('+')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  ),
);
const caseIds = values.cases.split(',');
for (const id of caseIds) if (!CASES.some((c) => c.id === id)) throw new Error(`unknown case ${id}`);
const requests = Number(values.requests);
const warmup = Number(values.warmup);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const firstPort = Number(values.port);
/** Access tokens are used for at most this long (ms), well within their lifetime. */
const TOKEN_AGE_MS = 5 * 60_000;
const callgrindDir = values.callgrind ? path.resolve(values.callgrind) : undefined;
if (callgrindDir) {
  rmSync(callgrindDir, { recursive: true, force: true });
  mkdirSync(callgrindDir, { recursive: true });
}

/** callgrind_control for one server's process (instrumentation on/off, zero the counters, dump them). */
function callgrindControl(pid: number, ...args: string[]): void {
  // vgdb finds the process by files named after the user and host of its environment: the server's (HOST is its
  // listening address, no USER or LOGNAME: stratum-server.ts).
  const { USER: _user, LOGNAME: _logname, ...env } = process.env;
  const said = execFileSync('callgrind_control', [...args, String(pid)], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...env, HOST: '127.0.0.1' },
  });
  if (!said.includes('OK')) throw new Error(`callgrind_control ${args.join(' ')} ${pid}: ${said}`);
}

/** The instructions (Ir) of a server's newest callgrind dump: the requests since its counters were zeroed. */
function lastDumpInstructions(label: string): { ir: number; file: string } {
  const dir = callgrindDir as string;
  const dumps = readdirSync(dir)
    .filter((f) => f.startsWith(`${label}.out.`))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  const file = dumps[0];
  if (!file) throw new Error(`no callgrind dump of ${label} in ${dir}`);
  const match = /^totals: (\d+)/m.exec(readFileSync(file, 'utf8'));
  if (!match) throw new Error(`no instruction total in ${file}`);
  return { ir: Number(match[1]), file };
}

/** A fixed number of requests with autocannon (`amount`), failing on any answer that is not 2xx. */
async function runAmount(port: number, spec: LoadSpec, amount: number): Promise<void> {
  const request: autocannon.Request = { method: spec.method, path: spec.path, headers: spec.headers };
  if (spec.body !== undefined) request.body = spec.body;
  const result = await autocannon({ url: baseUrl(port), connections, amount, pipelining: 1, timeout: 30, requests: [request] });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`port ${port}: ${result.non2xx} non-2xx, ${result.errors} errors`);
}

type Running = { label: string; ctx: ServerContext };

async function startTree(tree: string, label: string, port: number, env: Record<string, string>): Promise<Running> {
  if (await portAnswers(port)) throw new Error(`something already answers on 127.0.0.1:${port}`);
  const workDir = path.join(repoRoot, `bench/.work/writes-cpu-${port}`);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const db: StratumConfig['db'] =
    values.db === 'postgres'
      ? { client: 'postgres', connectionString: `postgres://${pgUser}@127.0.0.1/${values['pg-database']}_${port}` }
      : { client: 'sqlite', filename: path.join(workDir, 'stratum.db') };
  if (db.client === 'postgres') {
    const database = `${values['pg-database']}_${port}`;
    await recreatePostgresDatabase(pgAdmin, database);
    // Registered first, so it runs after the server's own stop (cleanup runs newest first).
    onCleanup(
      `database ${database}`,
      () => dropPostgresDatabase(pgAdmin, database),
      () => undefined,
    );
  }
  const target: Target = { label, port, usersCollection: 'service_users' };
  const first = new StratumServer({ repoRoot: tree, workDir, port, db, logName: 'first-start' });
  await first.start();
  const schema = await createSchemaViaApi(target, (await login(port, ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken);
  await first.stop();
  if (!schema.collection || !schema.relation)
    await createSchemaDirectly(db, { collection: !schema.collection, relation: !schema.relation });
  const profileDir = values.profile ? path.join(path.resolve(values.profile), label) : undefined;
  const server = new StratumServer({
    repoRoot: tree,
    workDir,
    port,
    db,
    logName: 'stratum',
    env,
    ...(profileDir ? { cpuProfDir: profileDir } : {}),
    ...(callgrindDir
      ? {
          // Instrumented only while a measured load runs (callgrind_control -i on/off around it): start and seeding
          // run at valgrind's uninstrumented speed.
          wrapper: ['valgrind', '--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${callgrindDir}/${label}.out`],
          // No compiler or collector threads: what V8 does in the background would otherwise land in whichever
          // measured window it happens to finish in.
          nodeArgs: ['--single-threaded'],
          startTimeoutMs: 600_000,
        }
      : {}),
  });
  await server.start();
  log(`${label}: seeding on ${port} ...`);
  const seeded = await seedData(target);
  if (db.client === 'postgres') await analyzePostgresDatabase(db.connectionString);
  // Signed in again when older than TOKEN_AGE_MS: a long run (callgrind's) outlives an access token.
  const credentials = { admin: [ADMIN_EMAIL, ADMIN_PASSWORD], reader: [READER_EMAIL, READER_PASSWORD] } as const;
  const tokens = new Map<'admin' | 'reader', { token: string; at: number }>();
  const token = async (who: 'admin' | 'reader') => {
    const known = tokens.get(who);
    if (known && Date.now() - known.at < TOKEN_AGE_MS) return known.token;
    const [email, password] = credentials[who];
    const fresh = { token: (await login(port, email, password)).accessToken, at: Date.now() };
    tokens.set(who, fresh);
    return fresh.token;
  };
  await token('admin');
  await token('reader');
  return { label, ctx: { label, port, pid: () => server.pid, seeded, token } };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

async function main(): Promise<void> {
  installCleanupHandlers(3 * 60 * 60_000);
  const servers: Running[] = [];
  for (const [i, tree] of trees.entries()) servers.push(await startTree(tree, labels[i] ?? tree, firstPort + i, treeEnvs[i] ?? {}));
  const firstMeasured = CASES.findIndex((c) => caseIds.includes(c.id));
  const prelude =
    values.prelude === undefined
      ? []
      : values.prelude === 'all'
        ? CASES.slice(0, firstMeasured)
        : CASES.filter((c) => values.prelude?.split(',').includes(c.id));
  for (const server of servers) {
    for (const benchCase of prelude) {
      log(`${server.label}: prelude ${benchCase.id} for ${values['prelude-seconds']} s ...`);
      const spec = await benchCase.spec(server.ctx, connections);
      await runLoad(server.ctx.port, spec, { connections, durationS: Number(values['prelude-seconds']) });
    }
  }
  const perTick = 1e6 / ticksPerSecond();
  const samples = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const id of caseIds) {
      const benchCase = CASES.find((c) => c.id === id);
      if (!benchCase) continue;
      for (let k = 0; k < servers.length; k++) {
        const server = servers[(k + round) % servers.length];
        if (!server) continue;
        const spec = await benchCase.spec(server.ctx, connections);
        const answer = await probe(server.ctx.port, spec);
        if (answer.status >= 300) throw new Error(`${server.label} ${id}: ${answer.status} ${answer.text.slice(0, 200)}`);
        await runAmount(server.ctx.port, spec, warmup);
        const key = `${id}\t${server.label}`;
        if (callgrindDir) {
          const pid = server.ctx.pid();
          callgrindControl(pid, '-z');
          callgrindControl(pid, '-i', 'on');
          await runAmount(server.ctx.port, spec, requests);
          callgrindControl(pid, '-i', 'off');
          callgrindControl(pid, '-d', `${id}-round-${round + 1}`);
          const dump = lastDumpInstructions(server.label);
          const kIr = dump.ir / requests / 1000;
          samples.set(key, [...(samples.get(key) ?? []), kIr]);
          log(`round ${round + 1} ${id} ${server.label}: ${kIr.toFixed(1)} thousand instructions per request (${dump.file})`);
          continue;
        }
        const before = cpuSnapshot(server.ctx.pid()).server;
        await runAmount(server.ctx.port, spec, requests);
        const us = ((cpuSnapshot(server.ctx.pid()).server - before) * perTick) / requests;
        samples.set(key, [...(samples.get(key) ?? []), us]);
        log(`round ${round + 1} ${id} ${server.label}: ${us.toFixed(0)} µs CPU per request`);
      }
    }
  }
  const what = callgrindDir ? 'Server instructions per request (thousands, callgrind Ir' : 'Server CPU per request (µs';
  const lines = [
    `${what}; median of ${rounds} rounds of ${requests} requests after ${warmup} warm-up, ${connections} connections; min–max)`,
    '',
    `| Case | ${labels.join(' | ')} |`,
    `|---|${labels.map(() => '--:').join('|')}|`,
  ];
  for (const id of caseIds) {
    const cells = labels.map((label) => {
      const xs = samples.get(`${id}\t${label}`) ?? [];
      const digits = callgrindDir ? 1 : 0;
      return `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
    });
    lines.push(`| \`${id}\` | ${cells.join(' | ')} |`);
  }
  console.log(lines.join('\n'));
}

runMain('bench:writes-cpu', main, { cleanUpAfterSuccess: true });

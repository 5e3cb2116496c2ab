/**
 * `npm run bench:gc`: what V8's garbage collector does per request of one case, tree by tree (issue 27's SQLite
 * `PATCH` gap, 2026-11-28). Each tree runs as its own Stratum on a fresh SQLite database, seeded as `npm run bench`
 * does, with `--trace-gc-nvp` and a preloaded probe (bench/lib/gc-probe.mjs). Round after round (the order rotates),
 * each server gets --requests requests of the case after --warmup ones; per round it prints the server's CPU per
 * request (all threads, and its main thread alone), the scavenges and mark-compacts with their pauses, and what each
 * scavenge kept: the KB it promoted to the old generation and the KB it copied within the young one (from V8's own
 * trace). A request's garbage that outlives two scavenges is promoted and copied, and later needs a mark-compact.
 *
 *   node --import tsx bench/gc-survival.ts --trees /work/wt/r8,/work/main [--labels r8,main] [--case patch-one]
 *     [--requests 3000] [--warmup 500] [--rounds 4] [--connections 10] [--port 8880]
 *     [--launch own,] [--tree-env 'KEY=VALUE+KEY=VALUE,'] [--tree-args '--flag+--flag,']
 *
 * `--launch own` starts that tree with its own bench/lib/stratum-server.ts (round eight's passes no V8 flags on
 * node's command line; this tree's passes those of decision 0053, which the settings in `--tree-env` change).
 * `--tree-args` adds node options for one tree (e.g. `--import+/path/preload.mjs`). Entries are per tree, in order.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { login, sleep } from './lib/api-client.js';
import { CASES, type ServerContext } from './lib/cases.js';
import { installCleanupHandlers } from './lib/cleanup.js';
import { median, runAmount } from './lib/load.js';
import { ticksPerSecond } from './lib/process-metrics.js';
import { settings } from './lib/options.js';
import { prepareBenchSchema } from './lib/prepare-bench-schema.js';
import { runMain } from './lib/run-main.js';
import { seedData, type Target } from './lib/seed.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, StratumServer, type StratumConfig } from './lib/stratum-server.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message: string) => console.error(`[bench:gc] ${message}`);

const { values } = parseArgs({
  options: {
    trees: { type: 'string', default: repoRoot },
    labels: { type: 'string' },
    case: { type: 'string', default: 'patch-one' },
    requests: { type: 'string', default: '3000' },
    warmup: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '8880' },
    launch: { type: 'string', default: '' },
    'tree-env': { type: 'string', default: '' },
    'tree-args': { type: 'string', default: '' },
  },
  strict: true,
});
const trees = values.trees.split(',').map((t) => path.resolve(t));
const labels = values.labels?.split(',') ?? trees.map((t) => path.basename(t));
const perTree = (option: string, i: number) => (option.split(',')[i] ?? '').split('+').filter(Boolean);
const benchCase = CASES.find((c) => c.id === values.case);
if (!benchCase) throw new Error(`unknown case ${values.case}`);
const requests = Number(values.requests);
const connections = Number(values.connections);

type ServerClass = new (config: StratumConfig) => StratumServer;
type Running = { label: string; server: StratumServer; ctx: ServerContext; logFile: string; probeFile: string };
type Round = { cpu: number; mainThread: number; minor: number; major: number; gcMs: number; promotedKb: number; copiedKb: number };

async function start(i: number, tree: string): Promise<Running> {
  const label = labels[i] ?? tree;
  const port = Number(values.port) + i;
  const workDir = path.join(repoRoot, `bench/.work/gc-survival-${port}`);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const db = { client: 'sqlite' as const, filename: path.join(workDir, 'stratum.db') };
  const target: Target = { label, port, usersCollection: 'service_users' };
  await prepareBenchSchema({ tree, workDir, db, target });
  const Server: ServerClass =
    values.launch.split(',')[i] === 'own'
      ? ((await import(path.join(tree, 'bench/lib/stratum-server.ts'))) as { StratumServer: ServerClass }).StratumServer
      : StratumServer;
  const probeFile = path.join(workDir, 'gc-probe.json');
  const env = settings(values['tree-env'].split(',')[i], '+');
  const server = new Server({
    repoRoot: tree,
    workDir,
    port,
    db,
    logName: 'stratum',
    nodeArgs: ['--trace-gc-nvp', '--import', path.join(repoRoot, 'bench/lib/gc-probe.mjs'), ...perTree(values['tree-args'], i)],
    env: { ...env, GC_PROBE_OUT: probeFile },
  });
  await server.start();
  const seeded = await seedData(target);
  const token = (await login(port, ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  log(`${label}: ${readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0').join(' ').trim()}`);
  return {
    label,
    server,
    ctx: { label, port, pid: () => server.pid, seeded, token: () => Promise.resolve(token) },
    logFile: path.join(workDir, 'stratum.log'),
    probeFile,
  };
}

/** CPU ticks of each thread of the process, by thread id. */
function threadTicks(pid: number): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(task, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return ticks;
}

/** V8's `--trace-gc-nvp` lines written since `from` (bytes): per scavenge, what it promoted and copied. */
function traced(file: string, from: number): { promotedKb: number; copiedKb: number; scavenges: number } {
  const text = readFileSync(file).subarray(from).toString('utf8');
  const number = (line: string, key: string) => Number(new RegExp(` ${key}=([0-9.]+)`).exec(line)?.[1] ?? 0);
  const scavenges = text.split('\n').filter((line) => line.includes(' gc=s '));
  const sum = (key: string) => scavenges.reduce((total, line) => total + number(line, key), 0);
  const n = Math.max(1, scavenges.length);
  return { promotedKb: sum('promoted') / 1024 / n, copiedKb: sum('new_space_survived') / 1024 / n, scavenges: scavenges.length };
}

async function main(): Promise<void> {
  installCleanupHandlers(3 * 60 * 60_000);
  const servers: Running[] = [];
  for (const [i, tree] of trees.entries()) servers.push(await start(i, tree));
  const perTick = 1e6 / ticksPerSecond();
  const results = new Map<string, Round[]>();
  for (let round = 0; round < Number(values.rounds); round++) {
    for (let k = 0; k < servers.length; k++) {
      const s = servers[(k + round) % servers.length];
      if (!s) continue;
      const pid = s.server.pid;
      const spec = await benchCase!.spec(s.ctx, connections);
      await runAmount(s.ctx.port, spec, { connections, amount: Number(values.warmup) });
      process.kill(pid, 'SIGUSR2');
      await sleep(200);
      const logFrom = statSync(s.logFile).size;
      const before = threadTicks(pid);
      await runAmount(s.ctx.port, spec, { connections, amount: requests });
      const after = threadTicks(pid);
      process.kill(pid, 'SIGUSR2');
      await sleep(300);
      const probe = JSON.parse(readFileSync(s.probeFile, 'utf8')) as { gc: Record<string, { count: number; ms: number }> };
      let all = 0;
      for (const [task, ticks] of after) all += ticks - (before.get(task) ?? 0);
      const main = (after.get(String(pid)) ?? 0) - (before.get(String(pid)) ?? 0);
      const trace = traced(s.logFile, logFrom);
      const row: Round = {
        cpu: (all * perTick) / requests,
        mainThread: (main * perTick) / requests,
        minor: probe.gc.minor?.count ?? 0,
        major: probe.gc.major?.count ?? 0,
        gcMs: Object.values(probe.gc).reduce((total, g) => total + g.ms, 0),
        promotedKb: trace.promotedKb,
        copiedKb: trace.copiedKb,
      };
      results.set(s.label, [...(results.get(s.label) ?? []), row]);
      log(
        `round ${round + 1} ${s.label}: CPU ${row.cpu.toFixed(0)} µs/request (main thread ${row.mainThread.toFixed(0)}); ` +
          `${row.minor} scavenges, ${row.major} mark-compacts, GC pauses ${((row.gcMs * 1000) / requests).toFixed(0)} µs/request; ` +
          `per scavenge ${row.promotedKb.toFixed(0)} KB promoted, ${row.copiedKb.toFixed(0)} KB copied`,
      );
    }
  }
  for (const s of servers) await s.server.stop();
  const cell = (xs: number[]) => `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
  console.log(
    `\`${benchCase!.id}\`: medians (min–max) of ${values.rounds} rounds of ${requests} requests after ${values.warmup}, ${connections} connections\n`,
  );
  console.log(
    '| Tree | CPU µs/request | main thread µs/request | scavenges | mark-compacts | GC pauses µs/request | KB promoted per scavenge | KB copied per scavenge |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|');
  for (const [label, rows] of results) {
    console.log(
      `| ${label} | ${cell(rows.map((r) => r.cpu))} | ${cell(rows.map((r) => r.mainThread))} | ${cell(rows.map((r) => r.minor))} | ` +
        `${cell(rows.map((r) => r.major))} | ${cell(rows.map((r) => (r.gcMs * 1000) / requests))} | ${cell(rows.map((r) => r.promotedKb))} | ${cell(rows.map((r) => r.copiedKb))} |`,
    );
  }
}

runMain('bench:gc', main, { cleanUpAfterSuccess: true });

/**
 * One, two and three Stratum instances on one PostgreSQL database under a round-robin load (issue 13): the
 * items read (admin, 20 rows, filter and sort) and a mixed case (four reads, then one single-item create with
 * its activity row and revision, per connection, over and over). The same total number of connections each
 * time, spread evenly over the instances (autocannon per instance, all at once). Reports throughput, p99, and
 * the CPU each instance used, so throughput per CPU. Appends a section to bench/RESULTS-cluster.md.
 *
 *   npm run bench:instances
 *   npm run bench:instances -- --duration 10 --connections 16
 *
 * Not a timed test. On a 2-core machine the load generator shares the cores with the instances and the
 * database, so more instances cannot add cores: the interesting numbers are throughput per CPU (what running
 * several processes costs) and that nothing fails.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { login } from './lib/api-client.js';
import { createBenchDatabase } from './lib/bench-database.js';
import { cleanupAll, installCleanupHandlers } from './lib/cleanup.js';
import { cpuSnapshot, cpuUse, type CpuSnapshot } from './lib/process-metrics.js';
import { COLLECTION, createSchemaViaApi, seedData } from './lib/seed.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildStratum, StratumServer } from './lib/stratum-server.js';
import { freePort } from '../tests/support/own-redis-server.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i]!;
  if (arg.startsWith('--'))
    args.set(arg.slice(2), process.argv[i + 1] && !process.argv[i + 1]!.startsWith('--') ? process.argv[++i]! : 'true');
}
const durationS = Number(args.get('duration') ?? 10);
const connections = Number(args.get('connections') ?? 12);
const repoRoot = join(import.meta.dirname, '..');
const workDir = join(repoRoot, 'bench/.work/instances');
mkdirSync(workDir, { recursive: true });
installCleanupHandlers(30 * 60_000);

const READ_PATH = `/items/${COLLECTION}?limit=20&filter[status][_eq]=published&sort=-views`;

type CaseResult = {
  okRps: number;
  p99: number;
  non2xx: number;
  errors: number;
  serverCpu: number;
  perInstanceCpu: number[];
  runnerCpu: number;
  restCpu: number;
};

async function load(ports: number[], token: string, mixed: boolean, pids: number[]): Promise<CaseResult> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const read: autocannon.Request = { method: 'GET', path: READ_PATH, headers };
  const write: autocannon.Request = {
    method: 'POST',
    path: `/items/${COLLECTION}?fields=id`,
    headers,
    body: JSON.stringify({ title: 'bench write', status: 'draft', views: 1 }),
  };
  const requests = mixed ? [read, read, read, read, write] : [read];
  const before: CpuSnapshot[] = pids.map((pid) => cpuSnapshot(pid));
  const results = await Promise.all(
    ports.map((port, i) =>
      autocannon({
        url: `http://127.0.0.1:${port}`,
        // The same total, spread evenly (the first instances take the remainder).
        connections: Math.floor(connections / ports.length) + (i < connections % ports.length ? 1 : 0),
        duration: durationS,
        pipelining: 1,
        timeout: 30,
        requests,
      }),
    ),
  );
  const after: CpuSnapshot[] = pids.map((pid) => cpuSnapshot(pid));
  const use = pids.map((_, i) => cpuUse(before[i]!, after[i]!));
  const ok = results.reduce((sum, r) => sum + r['2xx'], 0);
  const seconds = Math.max(...results.map((r) => r.duration || durationS));
  return {
    okRps: ok / seconds,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    serverCpu: use.reduce((sum, u) => sum + u.server, 0),
    perInstanceCpu: use.map((u) => u.server),
    runnerCpu: use[0]!.runner,
    // The machine's busy time less the instances and the load generator: PostgreSQL, mostly.
    restCpu: Math.max(0, use[0]!.others + use[0]!.server - use.reduce((sum, u) => sum + u.server, 0)),
  };
}

async function main(): Promise<void> {
  buildStratum(repoRoot);
  const database = await createBenchDatabase('postgres', workDir);
  const connectionString = database.env.DB_CONNECTION_STRING!;
  const servers: StratumServer[] = [];
  const rows: string[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      ports.push(port);
      servers.push(
        new StratumServer({ repoRoot, workDir, port, db: { client: 'postgres', connectionString }, logName: `instance-${i + 1}` }),
      );
    }
    // The first instance migrates and bootstraps; the data is seeded through it.
    await servers[0]!.start();
    const { accessToken: setupToken } = await login(ports[0]!, ADMIN_EMAIL, ADMIN_PASSWORD);
    await createSchemaViaApi({ label: 'stratum', port: ports[0]!, usersCollection: 'service_users' }, setupToken);
    await seedData({ label: 'stratum', port: ports[0]!, usersCollection: 'service_users' });
    await Promise.all(servers.slice(1).map((server) => server.start()));
    const { accessToken: token } = await login(ports[0]!, ADMIN_EMAIL, ADMIN_PASSWORD);

    for (const mixed of [false, true]) {
      let single = 0;
      for (const n of [1, 2, 3]) {
        const used = ports.slice(0, n);
        const pids = servers.slice(0, n).map((server) => server.pid);
        // Warm every instance's caches (schema, permissions, prepared plans) before measuring.
        await load(used, token, mixed, pids);
        const result = await load(used, token, mixed, pids);
        if (n === 1) single = result.okRps;
        const perCpu = result.okRps / Math.max(result.serverCpu, 0.01);
        rows.push(
          `| ${mixed ? 'mixed: 4 reads + 1 create' : 'items read (admin)'} | ${n} | ${Math.round(result.okRps)} | ${(result.okRps / single).toFixed(2)}× | ${result.p99} ms | ${result.serverCpu.toFixed(2)} (${result.perInstanceCpu.map((c) => c.toFixed(2)).join(' + ')}) | ${Math.round(perCpu)} | ${result.runnerCpu.toFixed(2)} | ${result.restCpu.toFixed(2)} | ${result.non2xx + result.errors} |`,
        );
        console.log(rows.at(-1));
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
    await cleanupAll();
  }

  const cpu = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const section = [
    '',
    `## ${new Date().toISOString().slice(0, 10)} — one, two and three instances on PostgreSQL, ${cpu} × ${cpus().length}, load average ${loadavg()[0]!.toFixed(1)}`,
    '',
    `\`npm run bench:instances -- --duration ${durationS} --connections ${connections}\` (bench/instances-throughput.ts): ${connections} connections in all, spread evenly over the instances (round-robin by connection), ${durationS} s per case after a warm-up of the same length; 1,000 rows; \`${READ_PATH}\` as admin; the mixed case creates one item (with its activity row and revision) after every four reads on each connection. "CPU" is what the instances used (cores, each in brackets); the load generator's own CPU and the rest of the machine's busy time (PostgreSQL, mostly) are beside it. The machine has ${cpus().length} cores in all.`,
    '',
    "| case | instances | 2xx/s | vs one | p99 | instances' CPU | 2xx per instance CPU-second | load generator CPU | PostgreSQL and the rest | failed |",
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  appendFileSync(join(repoRoot, 'bench/RESULTS-cluster.md'), section);
  console.log(section);
}

await main();

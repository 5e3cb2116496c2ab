/**
 * `npm run bench`: Stratum against the reference Directus, side by side in one run (issue 7).
 *
 * Builds Stratum, starts it (fresh SQLite in bench/.work, or a fresh PostgreSQL database) and the reference
 * Directus (fresh instance through ../shared/tools/reference-directus), gives both the same data through their
 * own APIs, starts the floor on a copy of Stratum's activity data, then loads each case on Stratum, on Directus
 * and (where it answers the case) on the floor, one after the other. See docs/benchmarks.md.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { call, errorCode, login, sleep } from './lib/api-client.js';
import { CASES, ITEMS_PATH, type BenchCase, type LoadSpec, type ServerContext } from './lib/cases.js';
import { cleanupAll, installCleanupHandlers } from './lib/cleanup.js';
import { copySqlite, FloorServer } from './lib/floor-server.js';
import { probe, runLoad, stillAnswers } from './lib/load.js';
import { parseOptions, USAGE, type Options } from './lib/options.js';
import { cpuSnapshot, cpuUse, memoryOf, portAnswers, processAgeSeconds, waitForQuiet } from './lib/process-metrics.js';
import { ReferenceDirectus } from './lib/reference-directus.js';
import { renderReport, writeResults, type CaseReport, type Outcome, type RunReport } from './lib/report.js';
import { createSchemaViaApi, READER_EMAIL, READER_PASSWORD, removeBenchData, seedData, type Seeded, type Target } from './lib/seed.js';
import { analyzePostgresDatabase, createSchemaDirectly, recreatePostgresDatabase } from './lib/stratum-schema-fallback.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildStratum, StratumServer, type StratumConfig } from './lib/stratum-server.js';
import { renderSummary, summarise } from './profile-summary.js';
import { runMain } from './lib/run-main.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workDir = path.join(repoRoot, 'bench/.work');
const log = (message: string) => console.error(`[bench] ${message}`);

/** Tokens per server and user, renewed when older than 4 minutes (access tokens live 15 minutes on both). */
function tokenSource(port: number): ServerContext['token'] {
  const cache = new Map<string, { token: string; at: number }>();
  return async (who) => {
    const hit = cache.get(who);
    if (hit && Date.now() - hit.at < 4 * 60_000) return hit.token;
    const [email, password] = who === 'admin' ? [ADMIN_EMAIL, ADMIN_PASSWORD] : [READER_EMAIL, READER_PASSWORD];
    const { accessToken } = await login(port, email, password);
    cache.set(who, { token: accessToken, at: Date.now() });
    return accessToken;
  };
}

async function runCase(benchCase: BenchCase, server: ServerContext, options: Options, path?: string): Promise<Outcome> {
  const fresh = async (): Promise<LoadSpec> => {
    const spec = await benchCase.spec(server, options.connections);
    return path === undefined ? spec : { ...spec, path, headers: {} };
  };
  try {
    const spec = await fresh();
    const answer = await probe(server.port, spec);
    let code: string | undefined;
    try {
      code = errorCode(JSON.parse(answer.text));
    } catch {
      // not JSON
    }
    if (answer.status === 404 && (code === undefined || code === 'ROUTE_NOT_FOUND'))
      return { kind: 'na', reason: `404${code ? ` ${code}` : ''}` };
    if (options.quietWaitS > 0) {
      const others = await waitForQuiet(server.pid(), 0.5, options.quietWaitS * 1000);
      if (others > 0.5) log(`  other processes still use ${others.toFixed(2)} CPUs after ${options.quietWaitS} s: measuring anyway`);
    }
    await runLoad(server.port, spec.hooks ? await fresh() : spec, { connections: options.connections, durationS: options.warmupS });
    const measured = spec.hooks ? await fresh() : spec;
    const from = processAgeSeconds(server.pid());
    const before = cpuSnapshot(server.pid());
    const load = await runLoad(server.port, measured, { connections: options.connections, durationS: options.durationS });
    const cpu = cpuUse(before, cpuSnapshot(server.pid()));
    server.windows?.push({ caseId: benchCase.id, from, to: processAgeSeconds(server.pid()) });
    if (!(await stillAnswers(server.port))) throw new Error(`${server.label} stopped answering after the load`);
    const memory = memoryOf(server.pid());
    return {
      kind: 'ran',
      probe: { status: answer.status, bytes: answer.bytes, ...(code ? { code } : {}) },
      load,
      cpu,
      rssMb: memory.rssMb,
      peakMb: memory.peakMb,
    };
  } catch (error) {
    log(`${benchCase.id} on ${server.label} failed: ${String(error)}`);
    return { kind: 'failed', reason: String(error instanceof Error ? error.message : error).slice(0, 200) };
  }
}

function machine(): string[] {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return [
    `${os.availableParallelism()} CPUs (nproc), ${cpu}`,
    `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB memory`,
    `Linux ${os.release()}`,
    `runner and Stratum on Node ${process.version}`,
    `load average at start ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  ];
}

function outcomeLine(outcome: Outcome): string {
  if (outcome.kind !== 'ran') return outcome.kind === 'na' ? `n/a (${outcome.reason})` : `failed`;
  const { load } = outcome;
  const cpu = `CPU server ${outcome.cpu.server.toFixed(2)}, autocannon ${outcome.cpu.runner.toFixed(2)}, others ${outcome.cpu.others.toFixed(2)}`;
  return `${Math.round(load.okRps)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms${load.non2xx + load.errors > 0 ? `, ${load.non2xx} non-2xx, ${load.errors} errors` : ''} (${cpu})`;
}

async function floorCheck(stratum: ServerContext, floorPort: number, seeded: Seeded): Promise<string> {
  const results: string[] = [];
  const checks: { p: string; floorPath: string; who: 'admin' | 'reader' }[] = [
    { p: '/activity?limit=20', floorPath: '/activity?limit=20', who: 'admin' },
    { p: `/activity/${seeded.activityId}`, floorPath: `/activity/${seeded.activityId}`, who: 'admin' },
    { p: ITEMS_PATH, floorPath: ITEMS_PATH, who: 'admin' },
    { p: `${ITEMS_PATH} (reader)`, floorPath: `${ITEMS_PATH}&as=reader`, who: 'reader' },
    { p: `${ITEMS_PATH}&filter[views][_lte]=6000`, floorPath: `${ITEMS_PATH}&filter[views][_lte]=6000`, who: 'admin' },
  ];
  for (const { p, floorPath, who } of checks) {
    const token = await stratum.token(who);
    const [a, b] = await Promise.all([call(stratum.port, p.replace(' (reader)', ''), { token }), call(floorPort, floorPath)]);
    const same = JSON.stringify(a.body) === JSON.stringify(b.body);
    results.push(`\`${p}\` ${same ? 'identical JSON' : `**differs** (Stratum ${a.bytes} B, floor ${b.bytes} B)`}`);
    if (!same)
      writeFileSync(
        path.join(workDir, `floor-diff${p.replace(/\W+/g, '-')}.json`),
        JSON.stringify({ stratum: a.body, floor: b.body }, null, 2),
      );
  }
  return `the floor's answers compared with Stratum's: ${results.join('; ')}.`;
}

async function main(): Promise<void> {
  const parsed = parseOptions(process.argv.slice(2));
  if (parsed === 'help') {
    console.log(USAGE);
    return;
  }
  const options = parsed;
  const cases = options.only ? CASES.filter((c) => options.only?.includes(c.id)) : CASES;
  const perCase = (options.warmupS + options.durationS + options.quietWaitS + 60) * (options.directus ? 3 : 2);
  installCleanupHandlers((40 * 60 + cases.length * perCase) * 1000);

  mkdirSync(workDir, { recursive: true });
  for (const [name, port] of Object.entries(options.ports)) {
    if (await portAnswers(port))
      throw new Error(`something already answers on 127.0.0.1:${port} (${name} port); stop it or pass --${name}-port`);
  }
  if (options.build) buildStratum(repoRoot);

  const notes: string[] = [];
  const pgUser = process.env.PGUSER ?? 'postgres';
  const stratumDb: StratumConfig['db'] =
    options.db === 'sqlite'
      ? { client: 'sqlite', filename: path.join(workDir, 'stratum.db') }
      : { client: 'postgres', connectionString: `postgres://${pgUser}@127.0.0.1/${options.pgDatabase}` };
  if (stratumDb.client === 'sqlite')
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(stratumDb.filename + suffix, { force: true });
  else await recreatePostgresDatabase(`postgres://${pgUser}@127.0.0.1/postgres`, options.pgDatabase);
  const profileDir = path.join(workDir, 'profiles');
  const profileWindows: { caseId: string; from: number; to: number }[] = [];
  if (options.profile) rmSync(profileDir, { recursive: true, force: true });

  const run: RunReport = {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    db: options.db,
    command: `npm run bench${options.args.length ? ` -- ${options.args.join(' ')}` : ''}`,
    machine: machine(),
    connections: options.connections,
    durationS: options.durationS,
    warmupS: options.warmupS,
    stratum: { label: 'Stratum', node: process.version },
    directus: { label: 'Directus 11.17.4', node: '—' },
    cases: [],
    notes,
  };

  try {
    // Stratum: a first start on the empty database (migrations + bootstrap), the schema, then a measured restart.
    const stratumTarget: Target = { label: 'Stratum', port: options.ports.stratum, usersCollection: 'service_users' };
    const stratum = new StratumServer({ repoRoot, workDir, port: options.ports.stratum, db: stratumDb, logName: 'stratum-first-start' });
    log('starting Stratum on an empty database ...');
    run.stratum.coldStartMs = (await stratum.start()).processAgeMs;
    const schema = await createSchemaViaApi(stratumTarget, (await login(stratumTarget.port, ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken);
    await stratum.stop();
    if (!schema.collection || !schema.relation) {
      await createSchemaDirectly(stratumDb, { collection: !schema.collection, relation: !schema.relation });
      notes.push(
        `Stratum has no ${schema.collection ? '' : 'POST /collections nor '}POST /relations yet: the bench created ${schema.collection ? 'the author relation row' : '`bench_articles` (table, service_collections and service_relations rows)'} in its database directly; rows, roles, policies, permissions and users went through the API.`,
      );
    }
    const restarted = new StratumServer({
      repoRoot,
      workDir,
      port: options.ports.stratum,
      db: stratumDb,
      logName: 'stratum',
      nodeArgs: options.nodeArgs,
      env: options.env,
      ...(options.profile ? { cpuProfDir: profileDir } : {}),
    });
    log('starting Stratum again (measured) ...');
    const warm = await restarted.start();
    run.stratum.startMs = warm.processAgeMs;
    run.stratum.spawnToPongMs = warm.spawnToPongMs;
    await sleep(2000);
    run.stratum.idle = memoryOf(restarted.pid);
    log('seeding Stratum ...');
    const stratumSeeded = await seedData(stratumTarget);
    run.stratum.afterSeed = memoryOf(restarted.pid);
    const stratumCtx: ServerContext = {
      label: 'Stratum',
      port: stratumTarget.port,
      pid: () => restarted.pid,
      seeded: stratumSeeded,
      token: tokenSource(stratumTarget.port),
      windows: profileWindows,
    };

    // Directus
    let directusCtx: ServerContext | undefined;
    let directus: ReferenceDirectus | undefined;
    if (options.directus) {
      directus = new ReferenceDirectus({ repoRoot, workDir, port: options.ports.directus, db: options.db });
      run.directus.node = directus.nodeVersion();
      log(`starting the reference Directus (${options.db}) on 127.0.0.1:${options.ports.directus} ...`);
      const started = await directus.start();
      run.directus.startMs = started.processAgeMs;
      run.directus.spawnToPongMs = started.spawnToPongMs;
      await sleep(2000);
      run.directus.idle = memoryOf(directus.pid);
      const directusTarget: Target = { label: 'Directus', port: options.ports.directus, usersCollection: 'directus_users' };
      const adminToken = (await login(directusTarget.port, ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
      await removeBenchData(directusTarget, adminToken);
      const made = await createSchemaViaApi(directusTarget, adminToken);
      if (!made.collection || !made.relation) throw new Error('Directus could not create the bench collection through its API');
      log('seeding Directus ...');
      const directusSeeded = await seedData(directusTarget);
      run.directus.afterSeed = memoryOf(directus.pid);
      const running = directus;
      directusCtx = {
        label: 'Directus',
        port: directusTarget.port,
        pid: () => running.pid,
        seeded: directusSeeded,
        token: tokenSource(directusTarget.port),
      };
      notes.push(`Activity rows after the seeding: Stratum ${stratumSeeded.activityRows}, Directus ${directusSeeded.activityRows}.`);
    } else {
      notes.push('Run with --no-directus: no Directus numbers, no ratios to Directus.');
    }

    if (stratumDb.client === 'postgres') {
      log('VACUUM ANALYZE of the PostgreSQL databases ...');
      await analyzePostgresDatabase(stratumDb.connectionString);
      if (directusCtx) await analyzePostgresDatabase(`postgres://${pgUser}@127.0.0.1/reference`);
      notes.push(
        `After the seeding, \`VACUUM ANALYZE\` ran on ${directusCtx ? "both servers' databases" : "Stratum's database"} (the statistics autovacuum would make by itself), so the plans do not depend on whether autovacuum happened to run.`,
      );
    }

    // The floor, on a copy of Stratum's data (SQLite) or on Stratum's database (PostgreSQL).
    let floor: FloorServer | undefined;
    let floorCtx: ServerContext | undefined;
    if (cases.some((c) => c.floorPath)) {
      let source: { sqlite: string } | { pg: string };
      if (stratumDb.client === 'sqlite') {
        const copy = path.join(workDir, 'floor.db');
        await copySqlite(stratumDb.filename, copy);
        source = { sqlite: copy };
      } else {
        source = { pg: stratumDb.connectionString };
      }
      floor = new FloorServer({ repoRoot, workDir, port: options.ports.floor, source });
      await floor.start();
      await sleep(1000);
      run.floor = { idle: memoryOf(floor.pid), sameJson: await floorCheck(stratumCtx, options.ports.floor, stratumSeeded) };
      const floorServer = floor;
      floorCtx = {
        label: 'floor',
        port: options.ports.floor,
        pid: () => floorServer.pid,
        seeded: stratumSeeded,
        token: () => Promise.resolve(''),
      };
    }

    for (const benchCase of cases) {
      log(`case ${benchCase.id}: ${benchCase.title}`);
      const report: CaseReport = {
        benchCase,
        stratum: await runCase(benchCase, stratumCtx, options),
        directus: directusCtx ? await runCase(benchCase, directusCtx, options) : { kind: 'na', reason: '--no-directus' },
      };
      log(`  Stratum:  ${outcomeLine(report.stratum)}`);
      log(`  Directus: ${outcomeLine(report.directus)}`);
      if (benchCase.floorPath && floorCtx) {
        report.floor = await runCase(benchCase, floorCtx, options, benchCase.floorPath(stratumSeeded));
        log(`  floor:    ${outcomeLine(report.floor)}`);
      }
      run.cases.push(report);
    }

    run.stratum.afterLoad = memoryOf(restarted.pid);
    if (directus) run.directus.afterLoad = memoryOf(directus.pid);
    if (floor && run.floor) run.floor.afterLoad = memoryOf(floor.pid);
    run.machine.push(
      `load average at the end ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    if (options.directus)
      notes.push(
        `Directus runs in an instance of its own (REF_DIR=bench/.work/directus-${options.db}, port ${options.ports.directus}, fresh ${options.db === 'sqlite' ? 'SQLite database' : 'schema objects in the "reference" database'} each run), started by ../shared/tools/reference-directus with its settings (cache off, rate limiter off, LOG_LEVEL=warn).`,
      );
    notes.push(
      `The load generator (autocannon) runs in the runner's process on the same machine; with ${os.availableParallelism()} CPUs it competes with the server for CPU, the same way for every server.`,
    );
  } finally {
    await cleanupAll();
  }

  const markdown = renderReport(run);
  console.log(`\n${markdown}`);
  writeFileSync(path.join(workDir, `results-${options.db}.json`), JSON.stringify(run, null, 2));
  writeFileSync(path.join(workDir, 'last-run.md'), markdown);
  if (!options.only && options.directus) {
    writeResults(path.join(repoRoot, 'bench/RESULTS.md'), run, markdown);
    log('bench/RESULTS.md updated');
  } else {
    log('partial run: bench/RESULTS.md left as it is (table in bench/.work/last-run.md)');
  }
  if (options.profile && existsSync(profileDir)) {
    // One summary per measured Stratum load (the samples inside its time window), then the whole process.
    const summaries: string[] = [];
    for (const file of readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'))) {
      const full = path.join(profileDir, file);
      for (const w of profileWindows)
        summaries.push(renderSummary(full, summarise(full, 30, w), `case ${w.caseId}, ${w.from.toFixed(1)}–${w.to.toFixed(1)} s`));
      summaries.push(renderSummary(full, summarise(full, 30), 'whole process: start, seeding and all loads'));
    }
    writeFileSync(path.join(profileDir, 'summary.txt'), summaries.join('\n\n'));
    console.log(`\n${summaries.join('\n\n')}`);
  }
}

runMain('bench', main);

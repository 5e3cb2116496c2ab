/**
 * `npm run bench:relations`: relational reads at scale (issue 27). 100,000 articles, each with an author
 * (m2o) and 10 of 1,000 tags (m2m), on Stratum, on the reference Directus and on the floor (one hand-written
 * SQL statement per vendor that returns the same JSON, bench/relations-floor.ts, on Stratum's database):
 * `GET /items/articles?fields=*,tags.tags_id.name,author.name&limit=1000` and its GraphQL twin, each once with
 * the same request every time and once with a different page on every request (no kept result can answer it).
 * The three servers are loaded one after the other for each case (interleaved), `--rounds` times.
 * See docs/benchmarks.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { call, login } from './lib/api-client.js';
import type { LoadSpec } from './lib/cases.js';
import { cleanupAll, installCleanupHandlers } from './lib/cleanup.js';
import { FloorServer } from './lib/floor-server.js';
import { probe, runLoad } from './lib/load.js';
import { cpuSnapshot, cpuUse, portAnswers } from './lib/process-metrics.js';
import { ReferenceDirectus } from './lib/reference-directus.js';
import { countThroughApi, createRelationsSchema, DEFAULT_SIZES, insertRows, removeRelationsSchema, type Db } from './lib/relations-data.js';
import { RELATION_CASES, sameJson, type Measured, type RelationServer } from './lib/relations-cases.js';
import { renderRelations } from './lib/relations-report.js';
import { recreatePostgresDatabase } from './lib/stratum-schema-fallback.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, StratumServer } from './lib/stratum-server.js';
import { runMain } from './lib/run-main.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workDir = path.join(repoRoot, 'bench/.work/relations');
const log = (message: string) => console.error(`[bench:relations] ${message}`);

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '1' },
    articles: { type: 'string', default: String(DEFAULT_SIZES.articles) },
    only: { type: 'string' },
    'no-bundle': { type: 'boolean', default: false },
    'no-directus': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    /** Stratum's, Directus's and the hand SQL's ports, comma-separated (to run beside another bench). */
    ports: { type: 'string', default: '8175,8058,8177' },
    /** Stratum's PostgreSQL database (dropped and created again). */
    'pg-database': { type: 'string', default: 'stratum_relations' },
  },
});
const db = values.db === 'postgres' || values.db === 'pg' ? 'postgres' : 'sqlite';
const durationS = Number(values.duration);
const warmupS = Number(values.warmup);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const sizes = { ...DEFAULT_SIZES, articles: Number(values.articles) };
const cases = values.only ? RELATION_CASES.filter((c) => values.only?.split(',').includes(c.id)) : RELATION_CASES;
const [stratumPort, directusPort, floorPort] = values.ports.split(',').map(Number);
const ports = { stratum: stratumPort ?? 8175, directus: directusPort ?? 8058, floor: floorPort ?? 8177 };
const pgUser = process.env.PGUSER ?? 'postgres';

async function measure(server: RelationServer, spec: () => LoadSpec): Promise<Measured> {
  await runLoad(server.port, spec(), { connections, durationS: warmupS });
  const before = cpuSnapshot(server.pid());
  const load = await runLoad(server.port, spec(), { connections, durationS });
  return { load, cpu: cpuUse(before, cpuSnapshot(server.pid())) };
}

async function main(): Promise<void> {
  installCleanupHandlers(60 * 60_000);
  mkdirSync(workDir, { recursive: true });
  for (const [name, port] of Object.entries(ports))
    if (await portAnswers(port)) throw new Error(`something already answers on 127.0.0.1:${port} (${name})`);
  if (!values['no-bundle']) {
    log('bundling Stratum (scripts/bundle-server.mjs → dist/stratum.js) ...');
    const bundled = spawnSync(process.execPath, ['scripts/bundle-server.mjs'], { cwd: repoRoot, stdio: 'inherit' });
    if (bundled.status !== 0) throw new Error('bundling Stratum failed');
  }
  const uptimeStart = spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();

  const stratumDb: Db =
    db === 'sqlite'
      ? { client: 'sqlite', filename: path.join(workDir, 'stratum.db') }
      : { client: 'postgres', connectionString: `postgres://${pgUser}@127.0.0.1/${values['pg-database']}` };
  if (stratumDb.client === 'sqlite') for (const s of ['', '-wal', '-shm']) rmSync(stratumDb.filename + s, { force: true });
  else await recreatePostgresDatabase(`postgres://${pgUser}@127.0.0.1/postgres`, values['pg-database']);

  const servers: RelationServer[] = [];
  try {
    const stratum = new StratumServer({
      repoRoot,
      workDir,
      port: ports.stratum,
      db: stratumDb,
      logName: 'stratum',
      ...(values.profile ? { cpuProfDir: path.join(workDir, 'profiles') } : {}),
    });
    log(`starting Stratum (${db}) ...`);
    await stratum.start();
    const stratumToken = (await login(ports.stratum, ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
    await createRelationsSchema(ports.stratum, stratumToken);
    log(`inserting ${sizes.articles} articles into Stratum's database ...`);
    await insertRows(stratumDb, sizes);
    const stratumCounts = await countThroughApi(ports.stratum, stratumToken);
    log(`Stratum sees ${JSON.stringify(stratumCounts)}`);
    servers.push({ label: 'Stratum', port: ports.stratum, pid: () => stratum.pid, token: stratumToken });

    if (!values['no-directus']) {
      const directus = new ReferenceDirectus({ repoRoot, workDir, port: ports.directus, db });
      log(`starting the reference Directus (${db}) ...`);
      await directus.start();
      const token = (await login(ports.directus, ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
      await removeRelationsSchema(ports.directus, token);
      await createRelationsSchema(ports.directus, token);
      const directusDb: Db =
        db === 'sqlite'
          ? { client: 'sqlite', filename: path.join(directus.refDir, 'data.db') }
          : { client: 'postgres', connectionString: `postgres://${pgUser}@127.0.0.1/reference` };
      log(`inserting ${sizes.articles} articles into Directus's database ...`);
      await insertRows(directusDb, sizes);
      log(`Directus sees ${JSON.stringify(await countThroughApi(ports.directus, token))}`);
      servers.push({ label: 'Directus', port: ports.directus, pid: () => directus.pid, token });
    }

    const floor = new FloorServer({
      repoRoot,
      workDir,
      port: ports.floor,
      source: stratumDb.client === 'sqlite' ? { sqlite: stratumDb.filename } : { pg: stratumDb.connectionString },
      script: 'bench/relations-floor.ts',
    });
    await floor.start();
    servers.push({ label: 'hand SQL', port: ports.floor, pid: () => floor.pid, token: '' });

    const checks: string[] = [];
    for (const c of cases) checks.push(await sameJson(c, servers));
    log(checks.join('\n'));

    const results: Record<string, Record<string, Measured[]>> = {};
    for (const c of cases) {
      const byServer: Record<string, Measured[]> = (results[c.id] = {});
      for (let round = 0; round < rounds; round++)
        for (const server of servers) {
          const spec = await c.spec(server);
          const answer = await probe(server.port, spec());
          if (answer.status !== 200) throw new Error(`${c.id} on ${server.label}: ${answer.status} ${answer.text.slice(0, 300)}`);
          const measured = await measure(server, spec);
          (byServer[server.label] ??= []).push(measured);
          log(`${c.id} ${server.label} round ${round + 1}: ${measured.load.okRps.toFixed(1)} req/s, p50 ${measured.load.p50} ms`);
        }
    }
    const uptimeEnd = spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
    const markdown = renderRelations({
      db,
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      command: `npm run bench:relations -- ${process.argv.slice(2).join(' ')}`.trim(),
      machine: `${os.availableParallelism()} CPUs, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB, Node ${process.version}; uptime at start: ${uptimeStart}; at the end: ${uptimeEnd}`,
      load: { connections, durationS, warmupS, rounds },
      sizes,
      counts: stratumCounts,
      checks,
      cases,
      results,
    });
    console.log(markdown);
    writeFileSync(path.join(workDir, `last-run-${db}.md`), markdown);
    writeFileSync(path.join(workDir, `results-${db}.json`), JSON.stringify(results, null, 2));
    await call(ports.stratum, '/server/ping');
  } finally {
    await cleanupAll();
  }
}

runMain('bench:relations', main);

/**
 * Start time and idle memory of Stratum (`npm run bench:start`).
 *
 * Builds dist/ (unless --no-build), starts Stratum once on a fresh SQLite database (migrations and bootstrap:
 * not measured), then starts it --runs times on that database, with nothing to build or migrate. For each start it
 * records the process's age at the first pong (kernel clock, like `npm run bench`), VmRSS 2 s after the pong and
 * VmRSS after --idle seconds more, with no request in between. Prints each run and the medians.
 *
 *   npm run bench:start -- [--runs 5] [--idle 60] [--no-build] [--port 8175] [--db postgres] [--env KEY=VALUE,...]
 *
 * `--env` adds settings to Stratum's environment, as `npm run bench`'s does (e.g. HEAP_YOUNG_GENERATION_MB=32, to
 * measure a heap setting: the server's V8 flags follow it, decision 0053).
 *
 * With --db postgres it uses the database `stratum_start` on 127.0.0.1:5432 (user postgres), created if missing.
 */
import { rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './lib/api-client.js';
import { cleanupAll, installCleanupHandlers } from './lib/cleanup.js';
import { median } from './lib/load.js';
import { settings } from './lib/options.js';
import { memoryOf } from './lib/process-metrics.js';
import { buildStratum, StratumServer, type StratumConfig } from './lib/stratum-server.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workDir = path.join(repoRoot, 'bench/.work/start');

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const runs = Number(option('runs', '5'));
const idleS = Number(option('idle', '60'));
const port = Number(option('port', '8175'));
const dbKind = option('db', 'sqlite');
const env = settings(option('env', ''), ',');

async function preparePostgres(): Promise<string> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS stratum_start WITH (FORCE)');
  await admin.query('CREATE DATABASE stratum_start');
  await admin.end();
  return 'postgres://postgres@127.0.0.1:5432/stratum_start';
}

async function main(): Promise<void> {
  installCleanupHandlers((runs * (idleS + 30) + 400) * 1000);
  if (!process.argv.includes('--no-build')) buildStratum(repoRoot);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const db: StratumConfig['db'] =
    dbKind === 'postgres'
      ? { client: 'postgres', connectionString: await preparePostgres() }
      : { client: 'sqlite', filename: path.join(workDir, 'stratum.db') };
  const config: StratumConfig = { repoRoot, workDir, port, db, logName: 'stratum', env };

  const first = new StratumServer({ ...config, logName: 'first-start' });
  const firstTiming = await first.start();
  await first.stop();
  console.log(`first start (migrations + bootstrap): ${Math.round(firstTiming.processAgeMs)} ms to the first pong`);

  const rows: { startMs: number; rss2: number; rssIdle: number }[] = [];
  for (let run = 1; run <= runs; run++) {
    const server = new StratumServer(config);
    const timing = await server.start();
    await sleep(2000);
    const rss2 = memoryOf(server.pid).rssMb;
    await sleep(idleS * 1000);
    const rssIdle = memoryOf(server.pid).rssMb;
    await server.stop();
    rows.push({ startMs: timing.processAgeMs, rss2, rssIdle });
    console.log(
      `run ${run}: start → first pong ${Math.round(timing.processAgeMs)} ms; RSS 2 s after ${rss2.toFixed(1)} MB; after ${idleS} s more idle ${rssIdle.toFixed(1)} MB`,
    );
  }
  console.log(
    `median of ${runs}: start → first pong ${Math.round(median(rows.map((r) => r.startMs)))} ms; ` +
      `RSS 2 s after ${median(rows.map((r) => r.rss2)).toFixed(1)} MB; after ${idleS} s idle ${median(rows.map((r) => r.rssIdle)).toFixed(1)} MB`,
  );
  console.log(
    `load average at the end: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());

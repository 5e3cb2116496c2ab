/**
 * `node --import tsx bench/relations-cpu.ts`: the server CPU time of one request of the relational bench's cases
 * (bench/lib/relations-cases.ts), measured with the requests sent one after the other: utime + stime of the
 * server process (/proc/<pid>/stat) over `--requests` requests, divided by their number. A measure that
 * survives a loaded machine better than requests per second (other processes take wall time, not this CPU
 * time). Runs the bundle in dist/ (`node scripts/bundle-server.mjs` first). `--save DIR` writes each case's
 * first answer as it came, to compare two builds byte for byte.
 *
 *   node --import tsx bench/relations-cpu.ts [--db sqlite|postgres] [--port 8400] [--requests 40]
 *     [--only graphql,rest] [--articles 100000] [--pg-database stratum_relations_cpu] [--save DIR] [--profile DIR]
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { login } from './lib/api-client.js';
import { installCleanupHandlers } from './lib/cleanup.js';
import { probe } from './lib/load.js';
import { countThroughApi, createRelationsSchema, DEFAULT_SIZES, insertRows, type Db } from './lib/relations-data.js';
import { RELATION_CASES, type RelationServer } from './lib/relations-cases.js';
import { recreatePostgresDatabase } from './lib/stratum-schema-fallback.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, StratumServer } from './lib/stratum-server.js';
import { runMain } from './lib/run-main.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message: string) => console.error(`[bench:relations-cpu] ${message}`);

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    port: { type: 'string', default: '8400' },
    requests: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '10' },
    only: { type: 'string', default: 'graphql,graphql-pages,rest,rest-pages' },
    articles: { type: 'string', default: String(DEFAULT_SIZES.articles) },
    'pg-database': { type: 'string', default: 'stratum_relations_cpu' },
    save: { type: 'string' },
    profile: { type: 'string' },
  },
});
const db = values.db === 'postgres' || values.db === 'pg' ? 'postgres' : 'sqlite';
const port = Number(values.port);
const requests = Number(values.requests);
const warmup = Number(values.warmup);
const workDir = path.join(repoRoot, `bench/.work/relations-cpu-${port}`);
const pgUser = process.env.PGUSER ?? 'postgres';

/** utime + stime of a process, in clock ticks (100 per second on Linux). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function main(): Promise<void> {
  installCleanupHandlers(60 * 60_000);
  mkdirSync(workDir, { recursive: true });
  const stratumDb: Db =
    db === 'sqlite'
      ? { client: 'sqlite', filename: path.join(workDir, 'stratum.db') }
      : { client: 'postgres', connectionString: `postgres://${pgUser}@127.0.0.1/${values['pg-database']}` };
  if (stratumDb.client === 'sqlite') for (const s of ['', '-wal', '-shm']) rmSync(stratumDb.filename + s, { force: true });
  else await recreatePostgresDatabase(`postgres://${pgUser}@127.0.0.1/postgres`, values['pg-database']);

  const stratum = new StratumServer({
    repoRoot,
    workDir,
    port,
    db: stratumDb,
    logName: 'stratum',
    ...(values.profile ? { cpuProfDir: values.profile } : {}),
  });
  log(`starting Stratum (${db}) on ${port} ...`);
  await stratum.start();
  const token = (await login(port, ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  await createRelationsSchema(port, token);
  log(`inserting ${values.articles} articles ...`);
  await insertRows(stratumDb, { ...DEFAULT_SIZES, articles: Number(values.articles) });
  log(`Stratum sees ${JSON.stringify(await countThroughApi(port, token))}`);
  const server: RelationServer = { label: 'Stratum', port, pid: () => stratum.pid, token };
  if (values.save) mkdirSync(values.save, { recursive: true });

  const lines: string[] = [];
  for (const c of RELATION_CASES.filter((x) => values.only.split(',').includes(x.id))) {
    const spec = (await c.spec(server))();
    // probe() takes the next page of a page case from the spec's hooks.
    const next = () => spec;
    const first = await probe(port, next());
    if (first.status !== 200) throw new Error(`${c.id}: ${first.status} ${first.text.slice(0, 300)}`);
    if (values.save) writeFileSync(path.join(values.save, `${c.id}.json`), first.text);
    for (let i = 0; i < warmup; i++) await probe(port, next());
    const before = cpuTicks(stratum.pid);
    for (let i = 0; i < requests; i++) {
      const answer = await probe(port, next());
      if (answer.status !== 200) throw new Error(`${c.id}: ${answer.status}`);
    }
    const msPerRequest = ((cpuTicks(stratum.pid) - before) * 10) / requests;
    lines.push(`${c.id}: ${msPerRequest.toFixed(1)} ms server CPU per request (${requests} sequential requests, ${first.text.length} B)`);
    log(lines.at(-1)!);
  }
  console.log(lines.join('\n'));
}

runMain('bench:relations-cpu', main, { cleanUpAfterSuccess: true });

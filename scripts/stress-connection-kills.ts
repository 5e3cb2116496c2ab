/**
 * Kills the database's connections again and again under two real instances' steady load and checks that no
 * instance process dies: reads, writes in transactions, sign-ins and schema changes (a field added and
 * removed on A, so that B reads its schema again) run on both while every 50 to 300 ms another process ends
 * every connection to the test database (`pg_terminate_backend`, or `KILL` on MariaDB/MySQL). Answers may be
 * 503 SERVICE_UNAVAILABLE, never anything else, and both instances must serve afterwards. Prints the counts;
 * exits 1 (with the tail of the dead instance's output) when an instance ended.
 *
 *   TEST_DB=postgres node --import tsx scripts/stress-connection-kills.ts [rounds] [CACHE_SYSTEM_TTL]
 *   TEST_DB=mysql    node --import tsx scripts/stress-connection-kills.ts 100 1s
 */
import { closeDatabase, createDatabase } from '../src/database/connection.js';
import { describeExit, report, startInstance, type Instance } from '../tests/cluster/instances.js';
import { killConnections } from '../tests/cluster/kill-connections.js';
import { runCli } from '../tests/setup/run-cli.js';
import { createTestDatabase } from '../tests/setup/test-database.js';

const rounds = Number(process.argv[2] ?? 60);
const ttl = process.argv[3] ?? '1s';
const database = await createTestDatabase();
if (database.vendor === 'sqlite') throw new Error('Set TEST_DB=postgres or TEST_DB=mysql: SQLite has no connections to kill');

const instances: Instance[] = [];
const sql = (await createDatabase(database.db)).knex;
let failed = false;
try {
  const bootstrap = await runCli(database.db, ['bootstrap']);
  if (bootstrap.code !== 0) throw new Error(`bootstrap failed: ${bootstrap.out}${bootstrap.err}`);
  const env = { CACHE_SYSTEM_TTL: ttl, LOG_LEVEL: 'info', DB_POOL_MAX: '4' };
  instances.push(...(await Promise.all(['A', 'B'].map((name) => startInstance(name, database.db, env)))));
  const [A, B] = instances as [Instance, Instance];
  const login = async (on: Instance) =>
    (await on.call('POST', '/auth/login', { body: { email: 'admin@example.com', password: 'AdminPass123!' } })).json.data
      .access_token as string;
  const token = await login(A);
  const created = await A.call('POST', '/collections', {
    token,
    body: {
      collection: 'stress',
      schema: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'n', type: 'integer' },
      ],
    },
  });
  if (created.status !== 200) throw new Error(`creating the collection answered ${created.status}`);

  const statuses = new Map<string, number>();
  const odd: string[] = [];
  let stopped = false;
  const tally = (what: string, status: number, body: unknown) => {
    const key = `${what} ${status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    const code = (body as { errors?: { extensions?: { code?: string } }[] } | null)?.errors?.[0]?.extensions?.code;
    if (status !== 200 && status !== 204 && !(status === 503 && code === 'SERVICE_UNAVAILABLE') && odd.length < 10)
      odd.push(`${what}: ${status} ${JSON.stringify(body)}`);
  };
  const worker = async (on: Instance, what: string, request: (i: number) => [string, string, unknown?, string?]) => {
    for (let i = 0; !stopped; i++) {
      const [method, path, body, as] = request(i);
      const answer = await on.call(method, path, { token: as === 'public' ? null : token, body }).catch((error: unknown) => {
        stopped = true;
        throw error;
      });
      tally(what, answer.status, answer.json);
    }
  };
  const workers = instances.flatMap((on) => [
    worker(on, `${on.name} read`, () => ['GET', '/items/stress?limit=5&sort=-id']),
    worker(on, `${on.name} write`, (i) => ['POST', '/items/stress', i % 2 === 0 ? { n: i } : [{ n: i }, { n: -i }]]),
    worker(on, `${on.name} login`, () => ['POST', '/auth/login', { email: 'admin@example.com', password: 'AdminPass123!' }, 'public']),
    worker(on, `${on.name} me`, () => ['GET', '/users/me']),
  ]);
  // Adds the field while it is missing and removes it while it exists: a change answered 503 may or may not have
  // been made (its commit can meet the kill), so the state is asked for each time.
  const fieldExists = async (): Promise<boolean | null> => {
    const { status } = await A.call('GET', '/fields/stress/extra', { token });
    return status === 503 ? null : status === 200;
  };
  const schemaWorker = async () => {
    while (!stopped) {
      const exists = await fieldExists();
      if (exists === null) continue;
      const answer = exists
        ? await A.call('DELETE', '/fields/stress/extra', { token })
        : await A.call('POST', '/fields/stress', { token, body: { field: 'extra', type: 'integer' } });
      tally(`A schema ${exists ? 'delete' : 'add'}`, answer.status, answer.json);
    }
  };
  workers.push(
    schemaWorker().catch((error: unknown) => {
      stopped = true;
      throw error;
    }),
  );
  // A rejected worker (an instance gone) ends the run at once.
  const allWorkers = Promise.all(workers);
  allWorkers.catch(() => undefined);

  let killed = 0;
  for (let round = 1; round <= rounds && !stopped; round++) {
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250));
    killed += await killConnections(sql, database.vendor, database.db.database);
    for (const instance of instances) if (instance.exited()) stopped = true;
  }
  stopped = true;
  await allWorkers.catch(() => undefined);

  for (const instance of instances) {
    const exit = instance.exited();
    if (exit) {
      failed = true;
      console.error(`FAILED: instance ${instance.name} ended (${describeExit(exit)})\n${report(instance, 'it ended')}`);
    }
  }
  if (!failed) {
    // Both serve again: nobody restarted anything.
    for (const instance of [A, B]) {
      const read = await instance.call('GET', '/items/stress?limit=1', { token });
      const signIn = await instance.call('POST', '/auth/login', { body: { email: 'admin@example.com', password: 'AdminPass123!' } });
      if (read.status !== 200 || signIn.status !== 200) {
        failed = true;
        console.error(`FAILED: instance ${instance.name} answers ${read.status}/${signIn.status} after the kills`);
      }
    }
  }
  console.log(`${database.vendor}, CACHE_SYSTEM_TTL=${ttl}: ${rounds} rounds, ${killed} connections killed`);
  for (const [key, n] of [...statuses].sort()) console.log(`  ${key}: ${n}`);
  if (odd.length > 0) {
    failed = true;
    console.error(`FAILED: answers other than 200 or 503 SERVICE_UNAVAILABLE:\n  ${odd.join('\n  ')}`);
  }
  for (const instance of instances) {
    const logged = instance
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    if (logged.length > 0) console.log(`  ${instance.name} logged ${logged.length} errors`);
    // What the unexpected answers were: the log lines of the requests not answered 200, 204 or 503.
    const unexpected = logged.filter((line) => / failed: (?!503)\d+"/.test(line));
    for (const line of unexpected.slice(0, 3)) console.log(`  ${instance.name}: ${line}`);
  }
} finally {
  await Promise.all(instances.map((instance) => instance.stop()));
  await closeDatabase(sql);
  await database.drop();
}
console.log(failed ? 'FAILED' : 'ok: no instance died');
process.exit(failed ? 1 : 0);

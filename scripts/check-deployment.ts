/**
 * Runs deploy/'s set-up on this machine without Docker (which does not run here): three real instances with
 * the compose file's environment on a fresh database of the local PostgreSQL and the local Redis (under a key
 * prefix of its own), behind the machine's HAProxy (`apt-get install haproxy`) running deploy/haproxy.cfg with
 * its server addresses and port rewritten. Then, through HAProxy: sign-in, a collection created and read
 * on every instance in turn, one instance killed with SIGKILL and another stopped with SIGTERM under load, and
 * every answer still a success. Prints what it did; exits 1 on the first failure.
 *
 *   npm run check:deploy
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createRedisTestPrefix, deleteRedisKeys } from '../tests/support/redis-test-prefix.js';
import { freePort } from '../tests/support/own-redis-server.js';
import { startInstance, type Instance } from '../tests/cluster/instances.js';
import { createTestDatabase } from '../tests/setup/test-database.js';

process.env.TEST_DB = 'postgres';
const root = join(import.meta.dirname, '..');
const compose = parse(readFileSync(join(root, 'deploy/compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, { environment: Record<string, string> }>;
};
const prefix = createRedisTestPrefix();

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`FAILED: ${what}`);
  console.log(`ok   ${what}`);
}

const database = await createTestDatabase();
const folder = mkdtempSync(join(tmpdir(), 'stratum-deploy-'));
const instances: Instance[] = [];
let balancer: ReturnType<typeof spawn> | null = null;
try {
  // The compose environment, pointed at this machine's services.
  const env = Object.fromEntries(Object.entries(compose.services['stratum-1']!.environment).map(([k, v]) => [k, String(v)]));
  Object.assign(env, {
    DB_HOST: '127.0.0.1',
    DB_DATABASE: database.db.database,
    DB_USER: 'postgres',
    DB_PASSWORD: '',
    SECRET: 'deploy-check-secret-0123456789abcdef',
    ADMIN_PASSWORD: 'AdminPass123!',
    ADMIN_EMAIL: 'admin@example.com',
    REDIS: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: prefix,
    RATE_LIMITER_POINTS: '100000',
    LOG_LEVEL: 'debug',
    PUBLIC_URL: 'http://127.0.0.1',
    STORAGE_LOCAL_ROOT: join(folder, 'uploads'),
  });
  instances.push(...(await Promise.all(['stratum-1', 'stratum-2', 'stratum-3'].map((name) => startInstance(name, database.db, env)))));
  console.log(`     three instances started together: ${instances.map((i) => i.url).join(', ')}`);

  const port = await freePort();
  let cfg = readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8');
  instances.forEach((instance, i) => (cfg = cfg.replace(`stratum-${i + 1}:8055`, new URL(instance.url).host)));
  cfg = cfg.replace('bind :8080', `bind 127.0.0.1:${port}`);
  writeFileSync(join(folder, 'haproxy.cfg'), cfg);
  const test = spawn('haproxy', ['-c', '-f', join(folder, 'haproxy.cfg')], { stdio: 'pipe' });
  check(
    (await new Promise<number | null>((resolve) => test.once('exit', resolve))) === 0,
    'haproxy -c accepts deploy/haproxy.cfg (addresses rewritten)',
  );
  balancer = spawn('haproxy', ['-db', '-f', join(folder, 'haproxy.cfg')], { stdio: ['ignore', 'ignore', 'inherit'] });
  // Every server needs `rise` good checks before HAProxy sends it anything.
  await new Promise((resolve) => setTimeout(resolve, 2_500));

  const base = `http://127.0.0.1:${port}`;
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(base + path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return {
      status: response.status,
      json: text && !text.startsWith('<') ? (JSON.parse(text) as { data?: Record<string, unknown> }) : null,
    };
  };
  const login = await call('POST', '/auth/login', undefined, { email: 'admin@example.com', password: 'AdminPass123!' });
  check(login.status === 200, 'sign-in through HAProxy');
  const token = login.json!.data!.access_token as string;
  check(
    (
      await call('POST', '/collections', token, {
        collection: 'notes',
        schema: {},
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'text', type: 'string' },
        ],
      })
    ).status === 200,
    'a collection created through HAProxy',
  );
  const served = instances.map((i) => i.output().split('"url":"/items/notes?limit=5"').length);
  const reads = await Promise.all(Array.from({ length: 60 }, () => call('GET', '/items/notes?limit=5', token)));
  check(
    reads.every((r) => r.status === 200),
    '60 reads of it through HAProxy: all 200 (each instance sees the new collection at once)',
  );
  const counts = instances.map((i, n) => i.output().split('"url":"/items/notes?limit=5"').length - served[n]!);
  check(
    counts.every((c) => c > 0),
    `round-robin: requests per instance ${counts.join(' / ')}`,
  );

  await instances[1]!.kill();
  const afterKill = await Promise.all(
    Array.from({ length: 30 }, (_, n) =>
      n % 2 ? call('GET', '/items/notes?limit=5', token) : call('POST', '/items/notes', token, { text: `after kill ${n}` }),
    ),
  );
  check(
    afterKill.every((r) => r.status === 200),
    'stratum-2 killed with SIGKILL: 30 reads and writes through HAProxy, all 200 (HAProxy moves on)',
  );

  // Four writers keep going through HAProxy for the whole drain (GRACEFUL_SHUTDOWN_DELAY, then the close).
  let exited = false;
  const exit = instances[2]!.stop().then((code) => ((exited = true), code));
  const answers: number[] = [];
  await Promise.all(
    [0, 1, 2, 3].map(async (w) => {
      for (let n = 0; !exited; n++) answers.push((await call('POST', '/items/notes', token, { text: `during drain ${w}.${n}` })).status);
    }),
  );
  const failed = answers.filter((status) => status !== 200);
  check(
    failed.length === 0 && (await exit) === 0,
    `stratum-3 stopped with SIGTERM under four writers: ${answers.length} writes during its drain, ${failed.length} not 200 (${failed.join(', ')}), exit code 0`,
  );
  check((await call('GET', '/server/health')).status === 200, '/server/health through HAProxy with one instance left: 200');
  console.log('deployment check passed');
} finally {
  balancer?.kill('SIGTERM');
  await Promise.all(instances.map((instance) => instance.stop()));
  await database.drop();
  await deleteRedisKeys(prefix);
  rmSync(folder, { recursive: true, force: true });
}

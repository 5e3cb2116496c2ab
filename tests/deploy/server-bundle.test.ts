import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, expectStatus, login } from '../cluster/answers.js';
import { startInstance, type Instance } from '../cluster/instances.js';
import { printInstanceOutputOnFailure } from '../cluster/print-instance-output-on-failure.js';
import { connect } from '../realtime/ws-client.js';
import { databaseEnv, TEST_ENV } from '../setup/test-config.js';
import { createTestDatabase, type TestDatabase } from '../setup/test-database.js';

/**
 * The server as `npm start`, the bin and the image run it: dist/stratum.js, built by scripts/bundle-server.mjs with
 * the packages it loads at start inside the bundle and the rest (drivers, native addons, what loads on first use)
 * outside (decision 0028), the build's one output (decision 0053). The tests import src/, so only this file runs
 * the bundle: it builds one into a folder of its own, laid out like the image (dist/ and app/dist/ beside
 * package.json and node_modules; the admin app built by scripts/build-app.ts, as the Dockerfile builds it), starts
 * it with the image's own command line (deploy/Dockerfile's CMD) on a fresh test database of this run's vendor, and
 * goes through the paths that load bundled or external code.
 */

const root = join(import.meta.dirname, '../..');
let folder: string;
let database: TestDatabase;
let server: Instance;
let admin: string;

/** deploy/Dockerfile's CMD: `node`, its V8 flags, the bundle, `start`. */
const imageCommand = JSON.parse(/^CMD (\[.*\])$/m.exec(readFileSync(join(root, 'deploy/Dockerfile'), 'utf8'))![1]!) as string[];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'stratum-bundle-'));
  mkdirSync(join(folder, 'dist'));
  copyFileSync(join(root, 'package.json'), join(folder, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'));
  // The admin app as the image builds it (the same script; it skips the build when app/ has not changed).
  const app = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/build-app.ts'), '--strict'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (app.status !== 0) throw new Error(`scripts/build-app.ts failed:\n${app.stdout}${app.stderr}`);
  mkdirSync(join(folder, 'app'));
  symlinkSync(join(root, 'app/dist'), join(folder, 'app/dist'));
  const bundled = spawnSync(process.execPath, [join(root, 'scripts/bundle-server.mjs'), '--outdir', join(folder, 'dist')], {
    cwd: root,
    encoding: 'utf8',
  });
  if (bundled.status !== 0) throw new Error(`scripts/bundle-server.mjs failed:\n${bundled.stdout}${bundled.stderr}`);
  database = await createTestDatabase();
  // A fresh database: the bundle's own start runs the migrations and the bootstrap.
  // The image's command line, its paths taken in the folder (the image's WORKDIR): node's flags, then the bundle.
  expect(imageCommand[0]).toBe('node');
  expect(imageCommand.at(-1)).toBe('start');
  const command = imageCommand.slice(1, -1).map((arg) => (arg.startsWith('-') ? arg : join(folder, arg)));
  server = await startInstance('bundle', database.db, { CORS_ENABLED: 'true', CORS_ORIGIN: 'https://app.example.com' }, command);
  admin = (await login(server, 'admin@example.com', 'AdminPass123!')).access_token;
}, 180_000);

afterAll(async () => {
  if (server && !server.exited()) await server.stop();
  await database?.drop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

printInstanceOutputOnFailure();

/** Whether a process exists and has not exited (a zombie has exited). */
function running(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z';
  } catch {
    return false;
  }
}

/** The ids of a process's child processes (Linux). */
function children(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

describe('dist/stratum.js (the server bundle)', () => {
  it('is one entry and a few chunks, with no package copied beside them', () => {
    const files = readdirSync(join(folder, 'dist')).filter((name) => name.endsWith('.js'));
    expect(files).toContain('stratum.js');
    expect(files.every((name) => /^stratum(-[A-Z0-9]+)?\.js$/.test(name))).toBe(true);
  });

  it('is ASCII only, so V8 holds each chunk as a one-byte string (decision 0173)', () => {
    const files = readdirSync(join(folder, 'dist')).filter((name) => name.endsWith('.js'));
    expect(files.filter((name) => /[^\u0000-\u007f]/.test(readFileSync(join(folder, 'dist', name), 'utf8')))).toEqual([]);
  });

  it('migrated and bootstrapped a fresh database on its first start, and answers ping and the signed-in user', async () => {
    expect(server.output()).toMatch(/Stratum is running at http:\/\/127\.0\.0\.1:\d+/);
    expect(await server.call('GET', '/server/ping')).toEqual({ status: 200, json: 'pong' });
    const me = expectStatus(await server.call('GET', '/users/me', { token: admin }), 200).json.data;
    expect(me.email).toBe('admin@example.com');
  });

  it('creates a collection (DDL through the bundled knex) and reads, filters, updates and deletes its items', async () => {
    expectStatus(
      await server.call('POST', '/collections', {
        token: admin,
        body: {
          collection: 'bundle_notes',
          fields: [
            { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
            { field: 'title', type: 'string' },
            { field: 'rank', type: 'integer' },
          ],
        },
      }),
      200,
    );
    const created = expectStatus(
      await server.call('POST', '/items/bundle_notes', {
        token: admin,
        body: [
          { title: 'a', rank: 2 },
          { title: 'b', rank: 1 },
          { title: 'c', rank: 3 },
        ],
      }),
      200,
    ).json.data;
    expect(created.map((row: { title: string }) => row.title)).toEqual(['a', 'b', 'c']);
    const listed = expectStatus(
      await server.call('GET', '/items/bundle_notes?filter[rank][_gte]=2&sort=-rank&fields=title', { token: admin }),
      200,
    ).json.data;
    expect(listed).toEqual([{ title: 'c' }, { title: 'a' }]);
    const id = created[0].id;
    expect(
      expectStatus(await server.call('PATCH', `/items/bundle_notes/${id}`, { token: admin, body: { title: 'A' } }), 200).json.data.title,
    ).toBe('A');
    expectStatus(await server.call('DELETE', `/items/bundle_notes/${id}`, { token: admin }), 204);
    expect(expectStatus(await server.call('GET', `/items/bundle_notes/${id}`, { token: admin }), 403).json.errors[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    const actions = expectStatus(
      await server.call('GET', '/activity?filter[collection][_eq]=bundle_notes&fields=action&sort=id', { token: admin }),
      200,
    ).json.data;
    expect(actions.map((row: { action: string }) => row.action)).toEqual(['create', 'create', 'create', 'update', 'delete']);
  });

  it('answers GraphQL (graphql-js loads from node_modules on the first query)', async () => {
    const answer = expectStatus(
      await server.call('POST', '/graphql', { token: admin, body: { query: '{ bundle_notes(sort: ["rank"]) { title } }' } }),
      200,
    );
    expect(answer.json).toEqual({ data: { bundle_notes: [{ title: 'b' }, { title: 'c' }] } });
    const me = expectStatus(await server.call('POST', '/graphql/system', { token: admin, body: { query: '{ users_me { email } }' } }), 200);
    expect(me.json.data.users_me.email).toBe('admin@example.com');
  });

  it("runs a flow's exec script (QuickJS's WebAssembly file loads from node_modules)", async () => {
    const flow = expectStatus(
      await server.call('POST', '/flows', {
        token: admin,
        body: { name: 'Bundled script', status: 'active', trigger: 'webhook', accountability: null, options: { method: 'POST' } },
      }),
      200,
    ).json.data.id as string;
    const operation = expectStatus(
      await server.call('POST', '/operations', {
        token: admin,
        body: {
          flow,
          key: 'calc',
          type: 'exec',
          options: { code: 'module.exports = (data) => data.$trigger.body.a * 3;' },
          position_x: 0,
          position_y: 0,
        },
      }),
      200,
    ).json.data.id as string;
    expectStatus(await server.call('PATCH', `/flows/${flow}`, { token: admin, body: { operation } }), 200);
    expect(await server.call('POST', `/flows/trigger/${flow}`, { body: { a: 14 } })).toEqual({ status: 200, json: { data: 42 } });
  });

  it('answers a realtime socket (@fastify/websocket and ws in the bundle)', async () => {
    const socket = await connect(`${server.url.replace(/^http/, 'ws')}/websocket`);
    expect(await socket.ask({ type: 'auth', access_token: admin })).toEqual(expect.objectContaining({ type: 'auth', status: 'ok' }));
    expect(await socket.ask({ type: 'ping', uid: 'one' })).toEqual({ type: 'pong', uid: 'one' });
    socket.close();
  });

  it('exports the schema snapshot as YAML (yaml loads from node_modules)', async () => {
    const response = await fetch(`${server.url}/schema/snapshot?export=yaml`, { headers: { authorization: `Bearer ${admin}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^version: 1$/m);
    expect(text).toContain('collection: bundle_notes');
  });

  it('signs in with a session cookie and answers a CORS preflight (the bundled Fastify plugins)', async () => {
    const signedIn = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'AdminPass123!', mode: 'session' }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith('service_session_token='));
    expect(cookie).toBeDefined();
    const me = await fetch(`${server.url}/users/me?fields=email`, { headers: { cookie: cookie!.split(';')[0]! } });
    expect(await me.json()).toEqual({ data: { email: 'admin@example.com' } });
    const preflight = await fetch(`${server.url}/items/bundle_notes`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
  });

  it('answers bad input with the error envelope: malformed JSON, an unknown route, no token', async () => {
    const malformed = await fetch(`${server.url}/items/bundle_notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: '{"title":',
    });
    expect(malformed.status).toBe(400);
    expect(errorCode({ status: malformed.status, json: await malformed.json() })).toBe('INVALID_PAYLOAD');
    const unknown = await server.call('GET', '/no-such-route', { token: admin });
    expect(unknown.status).toBe(404);
    expect(errorCode(unknown)).toBe('ROUTE_NOT_FOUND');
    const anonymous = await server.call('GET', '/items/bundle_notes');
    expect(anonymous.status).toBe(403);
    expect(errorCode(anonymous)).toBe('FORBIDDEN');
  });

  it("serves the built admin app at /admin (the image's build, not the page that says it is not built)", async () => {
    const page = await fetch(`${server.url}/admin/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toBe(readFileSync(join(folder, 'app/dist/index.html'), 'utf8'));
    expect(html).not.toContain('not built');
    const script = /src="(\/admin\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${server.url}${script}`);
    expect(asset.status).toBe(200);
    expect(existsSync(join(folder, 'app/dist', script!.slice('/admin/'.length)))).toBe(true);
  });

  it("runs with V8's heap flags on its command line, as the image passes them", () => {
    const argv = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    expect(argv).toEqual(expect.arrayContaining(imageCommand.slice(1, -2)));
    // The flags it was given are the configuration's: no launcher, the server is the process itself.
    expect(children(server.pid)).toEqual([]);
  });

  it('relaunches itself with the flags of HEAP_GROWING_PERCENT and HEAP_YOUNG_GENERATION_MB when its command line lacks them', async () => {
    const launcher = await startInstance('launcher', database.db, { HEAP_GROWING_PERCENT: '30', HEAP_YOUNG_GENERATION_MB: '8' }, [
      join(folder, 'dist/stratum.js'),
    ]);
    expect(readFileSync(`/proc/${launcher.pid}/cmdline`, 'utf8')).not.toContain('--heap-growing-percent');
    const [child] = children(launcher.pid);
    const argv = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0');
    expect(argv).toEqual(
      expect.arrayContaining([
        '--heap-growing-percent=30',
        '--max-semi-space-size=4',
        '--no-allocation-site-pretenuring',
        join(folder, 'dist/stratum.js'),
        'start',
      ]),
    );
    expect(await launcher.call('GET', '/server/ping')).toEqual({ status: 200, json: 'pong' });
    // SIGTERM to the launcher reaches the server, which shuts down gracefully; the launcher ends with its code.
    expect(await launcher.stop()).toBe(0);
    expect(existsSync(`/proc/${child}`)).toBe(false);
  });

  it('shuts the relaunched server down when its launcher is killed (the launcher cannot pass SIGKILL on)', async () => {
    const launcher = spawn(process.execPath, [join(folder, 'dist/stratum.js'), 'start'], {
      env: { ...process.env, ...TEST_ENV, ...databaseEnv(database.db), HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', LOG_STYLE: 'raw' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    // The server inherits the launcher's stdout: the pipe ends only once both have gone.
    const ended = new Promise<void>((resolve) => launcher.stdout.once('end', resolve));
    launcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      launcher.once('exit', (code) => reject(new Error(`the launcher ended (${code}) before the server listened:\n${output}`)));
      launcher.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/Stratum is running at/.test(output)) resolve();
      });
    });
    const [child] = children(launcher.pid!);
    expect(child).toBeGreaterThan(0);
    launcher.kill('SIGKILL');
    await ended;
    expect(output).toMatch(/Shutting down \(SIGTERM\)/);
    expect(output).toMatch(/Server stopped/);
    // Gone, or exited and not yet reaped by its new parent (the launcher that would have reaped it was killed).
    expect(running(child!)).toBe(false);
  });

  it('stops gracefully on SIGTERM', async () => {
    expect(await server.stop()).toBe(0);
  });
});

import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, expectStatus, login } from '../cluster/answers.js';
import { startInstance, type Instance } from '../cluster/instances.js';
import { printInstanceOutputOnFailure } from '../cluster/print-instance-output-on-failure.js';
import { createTestDatabase, type TestDatabase } from '../setup/test-database.js';

/**
 * The server as `npm start`, the bin and the image run it: dist/stratum.js, built by scripts/bundle-server.mjs with
 * the packages it loads at start inside the bundle and the rest (drivers, native addons, what loads on first use)
 * outside (decision 0028). The tests import src/, so only this file runs the bundle: it builds one into a folder
 * of its own, laid out like the package (dist/ beside package.json and node_modules), starts it on a fresh test
 * database of this run's vendor, and goes through the paths that load bundled or external code.
 */

const root = join(import.meta.dirname, '../..');
let folder: string;
let database: TestDatabase;
let server: Instance;
let admin: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'stratum-bundle-'));
  mkdirSync(join(folder, 'dist'));
  copyFileSync(join(root, 'package.json'), join(folder, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'));
  symlinkSync(join(root, 'app'), join(folder, 'app'));
  const bundled = spawnSync(process.execPath, [join(root, 'scripts/bundle-server.mjs'), '--outdir', join(folder, 'dist')], {
    cwd: root,
    encoding: 'utf8',
  });
  if (bundled.status !== 0) throw new Error(`scripts/bundle-server.mjs failed:\n${bundled.stdout}${bundled.stderr}`);
  database = await createTestDatabase();
  // A fresh database: the bundle's own start runs the migrations and the bootstrap.
  server = await startInstance(
    'bundle',
    database.db,
    { CORS_ENABLED: 'true', CORS_ORIGIN: 'https://app.example.com' },
    join(folder, 'dist/stratum.js'),
  );
  admin = (await login(server, 'admin@example.com', 'AdminPass123!')).access_token;
}, 180_000);

afterAll(async () => {
  if (server && !server.exited()) await server.stop();
  await database?.drop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

printInstanceOutputOnFailure();

describe('dist/stratum.js (the server bundle)', () => {
  it('is one entry and a few chunks, with no package copied beside them', () => {
    const files = readdirSync(join(folder, 'dist')).filter((name) => name.endsWith('.js'));
    expect(files).toContain('stratum.js');
    expect(files.every((name) => /^stratum(-[A-Z0-9]+)?\.js$/.test(name))).toBe(true);
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

  it('stops gracefully on SIGTERM', async () => {
    expect(await server.stop()).toBe(0);
  });
});

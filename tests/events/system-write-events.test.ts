import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forbidden } from '../../src/kernel/errors/index.js';
import { passwordFingerprint, signResetToken } from '../../src/modules/auth/reset-token.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { multipart } from '../setup/multipart.js';
import { diffAndApply, snapshotOf } from '../http/schema/schema-test-helpers.js';
import { recordEvents } from './record-events.js';

type Row = Record<string, unknown>;
const scopes = (scope: string) => [`${scope}.create`, `${scope}.update`, `${scope}.delete`];

/**
 * System collections write through the items road, so they emit once per write under their own scope
 * (`users.create`, `roles.update`, …); schema changes emit for their meta rows; a sign-in emits auth.login.
 */
describe('write events of system collections, schema changes and sign-ins', () => {
  let t: TestApp;
  const cleanups: (() => void)[] = [];
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  const ok = async <T = Row>(method: string, url: string, body?: unknown) => {
    const response = await admin(method, url, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.body === '' ? ({} as T) : dataOf<T>(response);
  };
  const record = (names: string[]) => {
    const recorder = recordEvents(t.app.events, names);
    cleanups.push(recorder.off);
    return recorder;
  };
  /** Each event as "kind event key-or-keys". */
  const summary = (calls: ReturnType<typeof record>['calls']) =>
    calls.map((c) => `${c.kind} ${c.event}${c.kind === 'action' ? ` ${JSON.stringify(c.meta.key ?? c.meta.keys)}` : ''}`);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => cleanups.splice(0).forEach((off) => off()));
  afterAll(async () => {
    await t.close();
  });

  it('roles, policies, access, permissions and users: filter and action once per write, under their own scopes', async () => {
    const events = record(['roles', 'policies', 'access', 'permissions', 'users'].flatMap(scopes));
    const role = await ok('POST', '/roles', { name: 'Editors' });
    const policy = await ok('POST', '/policies', { name: 'Editing', app_access: false, admin_access: false });
    const access = await ok('POST', '/access', { role: role.id, policy: policy.id });
    const permission = await ok('POST', '/permissions', { policy: policy.id, collection: 'service_files', action: 'read', fields: ['*'] });
    const user = await ok('POST', '/users', { email: 'events@example.com', password: 'Secret123!', role: role.id });
    await ok('PATCH', `/users/${String(user.id)}`, { first_name: 'Eve' });
    await ok('DELETE', `/users/${String(user.id)}`);
    expect(summary(events.calls)).toEqual([
      'filter roles.create',
      `action roles.create ${JSON.stringify(role.id)}`,
      'filter policies.create',
      `action policies.create ${JSON.stringify(policy.id)}`,
      'filter access.create',
      `action access.create ${JSON.stringify(access.id)}`,
      'filter permissions.create',
      `action permissions.create ${JSON.stringify(permission.id)}`,
      'filter users.create',
      `action users.create ${JSON.stringify(user.id)}`,
      'filter users.update',
      `action users.update ${JSON.stringify([user.id])}`,
      'filter users.delete',
      `action users.delete ${JSON.stringify([user.id])}`,
    ]);
    // The password reaches a filter as submitted (it may check it) but never an action handler.
    expect(events.of('filter', 'users.create')[0]!.payload).toMatchObject({ password: 'Secret123!' });
    expect(events.of('action', 'users.create')[0]!.meta.payload).toMatchObject({ email: 'events@example.com', password: '**********' });
    expect(events.of('action', 'roles.create')[0]!.meta.collection).toBe('service_roles');
  });

  it('a users.create filter that throws refuses the user: nothing stored, no activity, no action', async () => {
    cleanups.push(
      t.app.events.onFilter('users.create', (payload) => {
        if (String((payload as Row).email).endsWith('@blocked.example')) throw forbidden();
      }),
    );
    const events = record(['users.create']);
    const activity = (await t.app.knex('service_activity').count({ n: '*' }).first())!.n;
    expectError(await admin('POST', '/users', { email: 'x@blocked.example', password: 'Secret123!' }), 403, 'FORBIDDEN');
    expect(await t.app.knex('service_users').where({ email: 'x@blocked.example' })).toEqual([]);
    expect((await t.app.knex('service_activity').count({ n: '*' }).first())!.n).toEqual(activity);
    expect(events.of('action')).toEqual([]);
  });

  it('settings and presets', async () => {
    const events = record([...scopes('settings'), ...scopes('presets')]);
    await ok('PATCH', '/settings', { project_name: 'Evented' });
    const preset = await ok('POST', '/presets', { bookmark: 'Mine', collection: 'service_users' });
    await ok('PATCH', `/presets/${String(preset.id)}`, { bookmark: 'Ours' });
    await ok('DELETE', `/presets/${String(preset.id)}`);
    const settings = summary(events.calls.filter((c) => c.event.startsWith('settings.')));
    // The singleton is created on its first write, updated afterwards: either way one write, one pair.
    expect(settings).toHaveLength(2);
    expect(settings[0]).toMatch(/^filter settings\.(create|update)$/);
    expect(events.calls.find((c) => c.kind === 'action' && c.event.startsWith('settings.'))!.meta.payload).toEqual({
      project_name: 'Evented',
    });
    expect(summary(events.calls.filter((c) => c.event.startsWith('presets.')))).toEqual([
      'filter presets.create',
      `action presets.create ${JSON.stringify(preset.id)}`,
      'filter presets.update',
      `action presets.update ${JSON.stringify([preset.id])}`,
      'filter presets.delete',
      `action presets.delete ${JSON.stringify([preset.id])}`,
    ]);
  });

  it('files: upload, update and delete; folders', async () => {
    const events = record([...scopes('files'), ...scopes('folders')]);
    const folder = await ok('POST', '/folders', { name: 'Evented' });
    const body = await multipart([{ name: 'file', filename: 'note.txt', type: 'text/plain', content: 'hello' }]);
    const uploaded = await t.app.server.inject({
      method: 'POST',
      url: '/files',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${t.adminToken}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = dataOf<Row>(uploaded);
    await ok('PATCH', `/files/${String(file.id)}`, { title: 'Renamed', folder: folder.id });
    await ok('DELETE', `/files/${String(file.id)}`);
    const fileEvents = events.calls.filter((c) => c.event.startsWith('files.'));
    expect(fileEvents.filter((c) => c.kind === 'action').map((c) => `${c.event} ${JSON.stringify(c.meta.key ?? c.meta.keys)}`)).toEqual([
      `files.create ${JSON.stringify(file.id)}`,
      `files.update ${JSON.stringify([file.id])}`,
      `files.delete ${JSON.stringify([file.id])}`,
    ]);
    // The upload's own writes (the row, then what it learned of the stored file) are one create as Directus has it, or a create and its update.
    expect(fileEvents.filter((c) => c.kind === 'filter').length).toBe(3);
    expect(summary(events.calls.filter((c) => c.event.startsWith('folders.')))).toEqual([
      'filter folders.create',
      `action folders.create ${JSON.stringify(folder.id)}`,
    ]);
  });

  it('collections, fields and relations: their meta rows emit once each; schema apply the same way', async () => {
    const events = record([...scopes('collections'), ...scopes('fields'), ...scopes('relations')]);
    const pk = { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } };
    await ok('POST', '/collections', {
      collection: 'owners',
      meta: { note: 'people' },
      fields: [pk, { field: 'name', type: 'string', meta: { note: 'n' } }],
    });
    await ok('POST', '/collections', { collection: 'pets', meta: {}, fields: [pk] });
    await ok('POST', '/fields/pets', { field: 'owner', type: 'integer', meta: { interface: 'select-dropdown-m2o' } });
    await ok('POST', '/relations', { collection: 'pets', field: 'owner', related_collection: 'owners', meta: {} });
    const created = events.of('action').map((c) => c.event);
    expect(created.filter((e) => e === 'collections.create')).toHaveLength(2);
    expect(events.of('action', 'collections.create').map((c) => (c.meta.payload as Row).collection)).toEqual(['owners', 'pets']);
    expect(created.filter((e) => e === 'relations.create')).toHaveLength(1);
    expect(events.of('filter').length).toBe(events.of('action').length);

    const snapshot = await snapshotOf(t);
    await ok('DELETE', '/collections/pets');
    expect(events.of('action', 'collections.delete').map((c) => c.meta.keys)).toEqual([['pets']]);
    events.clear();
    await diffAndApply(t, snapshot.json);
    expect(events.of('action', 'collections.create').map((c) => (c.meta.payload as Row).collection)).toEqual(['pets']);
    expect(events.of('action', 'relations.create')).toHaveLength(1);
    expect(events.of('filter').length).toBe(events.of('action').length);
  });

  it('utils: a sort and a revert are item updates with their events', async () => {
    const pk = { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } };
    await ok('POST', '/collections', {
      collection: 'steps',
      meta: { sort_field: 'position' },
      fields: [pk, { field: 'title', type: 'string' }, { field: 'position', type: 'integer' }],
    });
    const items = await ok<Row[]>('POST', '/items/steps', [
      { title: 'a', position: 1 },
      { title: 'b', position: 2 },
    ]);
    const events = record(['items.update']);
    await ok('POST', '/utils/sort/steps', { item: items[1]!.id, to: items[0]!.id });
    expect(events.of('action').length).toBeGreaterThan(0);
    expect(events.of('filter').length).toBe(events.of('action').length);
    events.clear();
    await ok('PATCH', `/items/steps/${String(items[0]!.id)}`, { title: 'changed' });
    const revision = (await t.app
      .knex('service_revisions')
      .where({ collection: 'steps', item: String(items[0]!.id) })
      .orderBy('id')
      .first())!.id;
    events.clear();
    await ok('POST', `/utils/revert/${String(revision)}`);
    expect(events.of('action').map((c) => [c.meta.keys, (c.meta.payload as Row).title])).toEqual([[[items[0]!.id], 'a']]);
  });

  it('a password reset is a users.update: a filter may refuse it, the action masks the password', async () => {
    const user = await ok('POST', '/users', { email: 'reset@example.com', password: 'Before123!', status: 'active' });
    const stored = await t.app.knex('service_users').where({ id: user.id }).first();
    const token = await signResetToken(
      t.app.config.secret,
      { sub: String(user.id), email: 'reset@example.com', hash: passwordFingerprint(t.app.config.secret, stored.password) },
      new Date(),
    );
    const off = t.app.events.onFilter('users.update', () => {
      throw forbidden();
    });
    expectError(await t.request('POST', '/auth/password/reset', { body: { token, password: 'After123!x' } }), 403, 'FORBIDDEN');
    expect((await t.app.knex('service_users').where({ id: user.id }).first()).password).toBe(stored.password);
    off();
    const events = record(['users.update']);
    const reset = await t.request('POST', '/auth/password/reset', { body: { token, password: 'After123!x' } });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(events.of('filter').map((c) => c.meta.keys)).toEqual([[user.id]]);
    expect(events.of('action').map((c) => [c.meta.keys, c.meta.payload])).toEqual([[[user.id], { password: '**********' }]]);
  });

  describe('auth.login', () => {
    it('a sign-in emits filter (pending) and action (success) once; a wrong password emits action (fail)', async () => {
      const events = record(['auth.login']);
      await t.login('admin@example.com', 'AdminPass123!');
      const adminId = (await t.app.knex('service_users').where({ email: 'admin@example.com' }).first()).id;
      expect(events.calls.map((c) => [c.kind, c.meta.status, c.meta.user, c.meta.provider])).toEqual([
        ['filter', 'pending', adminId, 'default'],
        ['action', 'success', adminId, 'default'],
      ]);
      expect(events.of('action')[0]!.meta.payload).toEqual({ email: 'admin@example.com' });
      events.clear();
      expectError(
        await t.request('POST', '/auth/login', { body: { email: 'admin@example.com', password: 'wrong' } }),
        401,
        'INVALID_CREDENTIALS',
      );
      expect(events.calls.map((c) => [c.kind, c.meta.status, c.meta.user])).toEqual([['action', 'fail', adminId]]);
    });

    it('a filter that throws refuses the sign-in: no session, no login activity', async () => {
      cleanups.push(
        t.app.events.onFilter('auth.login', () => {
          throw forbidden();
        }),
      );
      const sessions = (await t.app.knex('service_sessions').count({ n: '*' }).first())!.n;
      const logins = (await t.app.knex('service_activity').where({ action: 'login' }).count({ n: '*' }).first())!.n;
      expectError(
        await t.request('POST', '/auth/login', { body: { email: 'admin@example.com', password: 'AdminPass123!' } }),
        403,
        'FORBIDDEN',
      );
      expect((await t.app.knex('service_sessions').count({ n: '*' }).first())!.n).toEqual(sessions);
      expect((await t.app.knex('service_activity').where({ action: 'login' }).count({ n: '*' }).first())!.n).toEqual(logins);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Accountability } from '../../kernel/context/index.js';
import { createEngineFixture, FIXTURE_IDS, type EngineFixture } from '../../../tests/support/engine-fixture.js';
import { createPermissionsEngine, type PermissionsEngine } from './create-permissions-engine.js';

const { userAda, userEmile, roleStaff, roleEditor } = FIXTURE_IDS;
const id = (n: number) => `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const P = { public: id(1), staff: id(2), editor: id(3), ipOnly: id(4), adaOwn: id(5), admin: id(6), editorLate: id(7), unused: id(8) };
const USER_ROOT = id(101);
const USER_GRACE = id(102);
const USER_LOOP = id(103);
const ROLE_LOOP_A = id(201);
const ROLE_LOOP_B = id(202);

let fx: EngineFixture;
let engine: PermissionsEngine;

beforeAll(async () => {
  fx = await createEngineFixture();
  const { knex, dialect } = fx;
  const flag = (value: boolean) => dialect.toDatabase('boolean', value);
  const policy = (key: keyof typeof P, more: Record<string, unknown> = {}) => ({
    id: P[key],
    name: key,
    admin_access: flag(false),
    app_access: flag(false),
    enforce_tfa: flag(false),
    ip_access: null,
    ...more,
  });
  await knex('service_policies').insert([
    policy('public'),
    policy('staff', { app_access: flag(true) }),
    policy('editor'),
    policy('ipOnly', { ip_access: '10.0.0.0/8, 2001:db8::/32' }),
    policy('adaOwn'),
    policy('admin', { admin_access: flag(true) }),
    policy('editorLate'),
    policy('unused'),
  ]);
  await knex('service_roles').insert([
    { id: ROLE_LOOP_A, name: 'Loop A', parent: null },
    { id: ROLE_LOOP_B, name: 'Loop B', parent: ROLE_LOOP_A },
  ]);
  await knex('service_roles').where('id', ROLE_LOOP_A).update({ parent: ROLE_LOOP_B });
  await knex('service_users').insert([
    { id: USER_ROOT, email: 'root@example.com', role: null, status: 'active' },
    { id: USER_GRACE, email: 'grace@example.com', role: roleEditor, status: 'suspended' },
    { id: USER_LOOP, email: 'loop@example.com', role: ROLE_LOOP_A, status: 'active' },
  ]);
  const access = (n: number, row: { role?: string | null; user?: string | null; policy: string; sort?: number | null }) => ({
    id: id(300 + n),
    role: null,
    user: null,
    sort: null,
    ...row,
  });
  await knex('service_access').insert([
    access(1, { policy: P.public }),
    access(2, { role: roleStaff, policy: P.staff }),
    access(3, { role: roleEditor, policy: P.editorLate, sort: 2 }),
    access(4, { role: roleEditor, policy: P.editor, sort: 1 }),
    access(5, { role: roleEditor, policy: P.ipOnly, sort: 3 }),
    access(6, { user: userAda, policy: P.adaOwn }),
    access(7, { user: USER_ROOT, policy: P.admin }),
    access(8, { role: ROLE_LOOP_B, policy: P.editor }),
  ]);
  const json = (value: unknown) => dialect.toDatabase('json', value);
  await knex('service_permissions').insert([
    { collection: 'articles', action: 'read', permissions: json({ status: { _eq: 'published' } }), fields: 'id, title', policy: P.staff },
    {
      collection: 'articles',
      action: 'update',
      permissions: json({ author: { uuid_ref: { _eq: '$CURRENT_USER' } } }),
      fields: '*',
      policy: P.editor,
    },
    { collection: 'comments', action: 'read', fields: '*', policy: P.adaOwn },
    { collection: 'authors', action: 'read', fields: '*', policy: P.ipOnly },
    { collection: 'articles', action: 'destroy', fields: '*', policy: P.editor },
    { collection: 'comments', action: 'delete', fields: null, policy: P.unused },
    { collection: 'articles', action: 'read', fields: 'id', policy: P.public },
  ]);
  engine = createPermissionsEngine({ knex, dialect });
});
afterAll(async () => {
  await fx?.close();
});

const policiesOf = async (userId: string, ip: string | null = null) => (await engine.accountabilityForUser(userId, { ip }))?.policies;
const setFor = async (accountability: Partial<Accountability>) => {
  const { permissions: _ignored, ...ctx } = await fx.ctx({ accountability });
  return engine.permissionSet(ctx);
};

describe('createPermissionsEngine policy resolution', () => {
  it('resolves a user: role chain root first, sort order within a role, user-attached policies last', async () => {
    const accountability = await engine.accountabilityForUser(userAda, { ip: '10.1.2.3', userAgent: 'ua', session: 's1' });
    expect(accountability).toEqual({
      user: userAda,
      role: roleEditor,
      roles: [roleStaff, roleEditor],
      policies: [P.staff, P.editor, P.editorLate, P.ipOnly, P.adaOwn],
      admin: false,
      app: true,
      ip: '10.1.2.3',
      userAgent: 'ua',
      origin: null,
      session: 's1',
    });
  });

  const ipCases: { ip: string | null; included: boolean }[] = [
    { ip: '10.200.0.1', included: true },
    { ip: '::ffff:10.0.0.1', included: true },
    { ip: '2001:db8::7', included: true },
    { ip: '192.168.0.1', included: false },
    { ip: null, included: false },
  ];
  it.each(ipCases)('applies a policy with ip_access only inside its list ($ip → $included)', async ({ ip, included }) => {
    expect((await policiesOf(userAda, ip))?.includes(P.ipOnly)).toBe(included);
  });

  it('gives a user without role only the policies attached to them (never the public one)', async () => {
    expect(await engine.accountabilityForUser(userEmile, {})).toMatchObject({ roles: [], policies: [], admin: false, app: false });
  });

  it('resolves a role with no user: its chain’s policies, no user’s own ones, null for an unknown role', async () => {
    expect(await engine.accountabilityForRole(roleEditor, {})).toMatchObject({
      user: null,
      role: roleEditor,
      roles: [roleStaff, roleEditor],
      policies: [P.staff, P.editor, P.editorLate],
      admin: false,
      app: true,
    });
    expect(await engine.accountabilityForRole(id(999), {})).toBeNull();
  });

  it('gives an anonymous request the public policies', async () => {
    expect(await engine.publicAccountability({ ip: '1.2.3.4' })).toMatchObject({
      user: null,
      role: null,
      roles: [],
      policies: [P.public],
      admin: false,
      app: false,
      ip: '1.2.3.4',
    });
  });

  it('makes a user with an admin_access policy an administrator with app access', async () => {
    expect(await engine.accountabilityForUser(USER_ROOT, {})).toMatchObject({ policies: [P.admin], admin: true, app: true });
  });

  it("resolves users whatever their status (status checks are the caller's) and stops on role cycles", async () => {
    expect(await policiesOf(USER_GRACE)).toEqual([P.staff, P.editor, P.editorLate]);
    expect(await engine.accountabilityForUser(USER_LOOP, {})).toMatchObject({ roles: [ROLE_LOOP_B, ROLE_LOOP_A], policies: [P.editor] });
  });

  it('answers null for an unknown user', async () => {
    expect(await engine.accountabilityForUser(id(999), {})).toBeNull();
    expect(await engine.getUser(id(999))).toBeNull();
  });

  it('reports the policies of an accountability with their flags', async () => {
    const accountability = (await engine.accountabilityForUser(USER_ROOT, {}))!;
    expect(await engine.policiesOf(accountability)).toEqual([
      { id: P.admin, name: 'admin', ipAccess: [], admin: true, app: false, enforceTfa: false },
    ]);
    const ada = (await engine.accountabilityForUser(userAda, { ip: '10.0.0.1' }))!;
    expect((await engine.policiesOf(ada)).find((p) => p.id === P.ipOnly)?.ipAccess).toEqual(['10.0.0.0/8', '2001:db8::/32']);
  });
});

describe('createPermissionsEngine permission sets', () => {
  it('collects the rules of the policies, parses fields, skips unknown actions, adds app-access rules, resolves variables', async () => {
    const accountability = (await engine.accountabilityForUser(userAda, { ip: '10.0.0.1' }))!;
    const set = await setFor(accountability);
    expect(set.admin).toBe(false);
    expect(set.index.get('articles:read')).toEqual([
      expect.objectContaining({ permissions: { status: { _eq: 'published' } }, fields: ['id', 'title'], policy: P.staff }),
    ]);
    expect(set.index.get('articles:update')?.[0]?.permissions).toEqual({ author: { uuid_ref: { _eq: userAda } } });
    expect(set.index.has('articles:destroy')).toBe(false);
    expect(set.index.has('comments:read')).toBe(true);
    expect(set.index.has('authors:read')).toBe(true);
    expect(set.index.has('comments:delete')).toBe(false);
    expect(set.index.get('service_users:read')?.[0]).toMatchObject({ permissions: { id: { _eq: userAda } }, system: true });
    expect(set.index.get('service_roles:read')?.[0]?.permissions).toEqual({ id: { _in: [roleStaff, roleEditor] } });
  });

  it('leaves out the app-access rules without app access', async () => {
    const set = await setFor({ user: userAda, policies: [P.editor], app: false, admin: false });
    expect([...set.index.keys()]).toEqual(['articles:update']);
  });

  it('resolves variables per accountability even when the rule set is cached', async () => {
    const a = await setFor({ user: userAda, policies: [P.editor], app: false, admin: false });
    const b = await setFor({ user: userEmile, policies: [P.editor], app: false, admin: false });
    expect(a.index.get('articles:update')?.[0]?.permissions).toEqual({ author: { uuid_ref: { _eq: userAda } } });
    expect(b.index.get('articles:update')?.[0]?.permissions).toEqual({ author: { uuid_ref: { _eq: userEmile } } });
  });

  it('gives administrators the admin set', async () => {
    expect(await setFor({ admin: true, app: true, policies: [P.admin] })).toMatchObject({ admin: true, rules: [] });
  });

  it('keeps cached tables, users and rule sets until invalidate()', async () => {
    const accountability = { user: userEmile, policies: [P.public], app: false, admin: false };
    expect((await setFor(accountability)).index.get('articles:read')?.[0]?.fields).toEqual(['id']);
    expect((await engine.getUser(userEmile))?.role).toBeNull();
    expect(await policiesOf(userEmile)).toEqual([]);

    await fx.knex('service_permissions').where({ policy: P.public }).update({ fields: 'id,slug' });
    await fx.knex('service_users').where('id', userEmile).update({ role: roleStaff });
    await fx.knex('service_access').insert({ id: id(399), user: userEmile, policy: P.editor });

    expect((await setFor(accountability)).index.get('articles:read')?.[0]?.fields).toEqual(['id']);
    expect((await engine.getUser(userEmile))?.role).toBeNull();
    expect(await policiesOf(userEmile)).toEqual([]);

    engine.invalidate();
    expect((await setFor(accountability)).index.get('articles:read')?.[0]?.fields).toEqual(['id', 'slug']);
    expect((await engine.getUser(userEmile))?.role).toBe(roleStaff);
    expect(await policiesOf(userEmile)).toEqual([P.staff, P.editor]);
  });

  it('does not remember that a user id is unknown: a user created later (on any instance) is found', async () => {
    const fresh = createPermissionsEngine({ knex: fx.knex, dialect: fx.dialect });
    const later = id(104);
    expect(await fresh.getUser(later)).toBeNull();
    await fx.knex('service_users').insert({ id: later, email: 'later@example.com', role: null, status: 'active' });
    expect((await fresh.getUser(later))?.status).toBe('active');
  });

  it('does not keep a rule set built from tables read before an invalidation', async () => {
    const fresh = createPermissionsEngine({ knex: fx.knex, dialect: fx.dialect });
    const { permissions: _ignored, ...ctx } = await fx.ctx({
      accountability: { user: userEmile, policies: [P.unused], app: false, admin: false },
    });
    const inFlight = fresh.permissionSet(ctx);
    fresh.invalidate();
    await fx.knex('service_permissions').where({ policy: P.unused }).update({ fields: 'id' });
    // The read in flight may have run before the update or (on a server database, whose pool connects
    // asynchronously) after it: either answer is right for that call. What it read must not be kept.
    expect([null, ['id']]).toContainEqual((await inFlight).index.get('comments:delete')?.[0]?.fields);
    expect((await fresh.permissionSet(ctx)).index.get('comments:delete')?.[0]?.fields).toEqual(['id']);
  });
});

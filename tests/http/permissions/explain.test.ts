import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows, seedCollections } from '../../setup/seed-collections.js';
import { adminData, adminIds, send, type Caller, type Row } from './permission-helpers.js';

type Explanation = {
  user: string;
  role: string;
  roles: string[];
  ip: string;
  admin: boolean;
  app: boolean;
  collection: string;
  item: string | null;
  item_exists?: boolean;
  user_status?: string;
  policies: Row[];
  actions: Record<
    string,
    {
      allowed: boolean;
      reason: string;
      rules: Row[];
      fields?: Record<string, { allowed: boolean; reason: string; rules: (number | null)[] }>;
    }
  >;
};

/** `GET /permissions/me/:collection/:id?explain=true`: which policy and rule decided each action and field, and why. */
describe('explain', () => {
  let t: TestApp;
  let user: { token: string; userId: string; roleId: string; policyId: string };
  const ids: Record<string, number> = {};
  const rules: Record<string, number> = {};
  const policies: Record<string, string> = {};
  let parentRole: string;

  const explain = async (caller: Caller, url: string): Promise<{ flags: Row; explain: Explanation }> => {
    const response = await send(t, caller, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    const { explain: explanation, ...flags } = dataOf<Row & { explain: Explanation }>(response);
    return { flags, explain: explanation };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    const author = await adminData(t, 'POST', '/items/authors', { name: 'Ada' });
    const rows = await adminData<Row[]>(t, 'POST', '/items/articles', [
      { title: 'Published', status: 'published', featured: false, author: author.id },
      { title: 'Featured draft', status: 'draft', featured: true },
    ]);
    for (const row of rows) ids[row.title as string] = row.id as number;

    // Parent role → "Readers" policy; the user's own (child) role → its own policy; the user → an office-only policy.
    const parent = await adminData(t, 'POST', '/roles', { name: 'Parent' });
    parentRole = String(parent.id);
    const readers = await adminData(t, 'POST', '/policies', { name: 'Readers' });
    await adminData(t, 'POST', '/access', { role: parent.id, policy: readers.id });
    policies.readers = String(readers.id);
    const created = await adminData<Row[]>(t, 'POST', '/permissions', [
      {
        collection: 'articles',
        action: 'read',
        permissions: { status: { _eq: 'published' } },
        fields: ['id', 'title', 'status'],
        policy: readers.id,
      },
      {
        collection: 'articles',
        action: 'update',
        permissions: { author: { name: { _eq: 'Ada' } } },
        fields: ['title'],
        policy: readers.id,
      },
    ]);
    rules.readPublished = created[0]!.id as number;
    rules.updateByAuthor = created[1]!.id as number;

    user = await t.userWith({
      parentRole,
      permissions: [{ collection: 'articles', action: 'read', permissions: { featured: { _eq: true } }, fields: ['id', 'rating'] }],
    });
    policies.own = user.policyId;
    rules.readFeatured = (await t.app.knex('service_permissions').where({ policy: user.policyId }).first()).id;

    const office = await adminData(t, 'POST', '/policies', { name: 'Office', ip_access: '10.0.0.0/8' });
    policies.office = String(office.id);
    await adminData(t, 'POST', '/access', { user: user.userId, policy: office.id });
    const officeRules = await adminData<Row[]>(t, 'POST', '/permissions', [
      { collection: 'articles', action: 'read', fields: ['*'], policy: office.id },
      { collection: 'articles', action: 'delete', permissions: { title: { _eq: '$CURRENT_USER.email' } }, policy: office.id },
    ]);
    rules.officeRead = officeRules[0]!.id as number;
    rules.officeDelete = officeRules[1]!.id as number;
  });
  afterAll(async () => {
    await t.close();
  });

  it('names every policy that could apply, in engine order, with why it did or did not', async () => {
    const { explain: e } = await explain({ token: user.token }, `/permissions/me/articles/${ids['Featured draft']}?explain=true`);
    expect(e).toMatchObject({
      user: user.userId,
      role: user.roleId,
      roles: [parentRole, user.roleId],
      ip: '127.0.0.1',
      admin: false,
      app: false,
      collection: 'articles',
      item: String(ids['Featured draft']),
    });
    expect(e.policies).toEqual([
      {
        id: policies.readers,
        name: 'Readers',
        attached_to: { role: parentRole },
        applied: true,
        reason: 'applies',
        admin_access: false,
        app_access: false,
      },
      {
        id: policies.own,
        name: expect.any(String),
        attached_to: { role: user.roleId },
        applied: true,
        reason: 'applies',
        admin_access: false,
        app_access: false,
      },
      {
        id: policies.office,
        name: 'Office',
        attached_to: { user: user.userId },
        applied: false,
        reason: 'ip_outside_list',
        admin_access: false,
        app_access: false,
      },
    ]);
    // A non-administrator sees neither rule contents nor whether the item exists.
    expect(e).not.toHaveProperty('item_exists');
    expect(e.actions.read!.rules[0]).not.toHaveProperty('filter');
  });

  it('explains each action per rule: filter matched, not matched, policy skipped for the IP, no rule', async () => {
    const { flags, explain: e } = await explain({ token: user.token }, `/permissions/me/articles/${ids['Featured draft']}?explain=true`);
    expect(flags).toEqual({ update: { access: false }, delete: { access: false }, share: { access: false } });
    expect(Object.keys(e.actions)).toEqual(['read', 'create', 'update', 'delete', 'share']);
    const read = e.actions.read!;
    expect(read).toMatchObject({ allowed: true, reason: 'rule_matched' });
    expect(read.rules.map((r) => [r.id, r.policy_name, r.applied, r.filter_matches, r.grants, r.reason])).toEqual([
      [rules.readPublished, 'Readers', true, false, false, 'filter_not_matched'],
      [rules.readFeatured, expect.any(String), true, true, true, 'filter_matched'],
      [rules.officeRead, 'Office', false, true, false, 'policy_ip_outside_list'],
    ]);
    expect(e.actions.update).toMatchObject({
      allowed: false,
      reason: 'no_rule_matched',
      rules: [{ id: rules.updateByAuthor, filter_matches: false, reason: 'filter_not_matched' }],
    });
    expect(e.actions.delete).toMatchObject({
      allowed: false,
      reason: 'no_rule',
      rules: [{ id: rules.officeDelete, applied: false, reason: 'policy_ip_outside_list' }],
    });
    expect(e.actions.create).toEqual(expect.objectContaining({ allowed: false, reason: 'no_rule', rules: [] }));
    expect(e.actions.share).toEqual({ allowed: false, reason: 'no_rule', rules: [] });
  });

  it('explains each field: granted by a matching rule, listed only by rules that do not match, not listed, IP-skipped', async () => {
    const { explain: e } = await explain({ token: user.token }, `/permissions/me/articles/${ids['Featured draft']}?explain=true`);
    const fields = e.actions.read!.fields!;
    expect(fields.id).toEqual({ allowed: true, reason: 'granted', rules: [rules.readFeatured] });
    expect(fields.rating).toEqual({ allowed: true, reason: 'granted', rules: [rules.readFeatured] });
    expect(fields.title).toEqual({ allowed: false, reason: 'filter_not_matched', rules: [rules.readPublished] });
    expect(fields.body).toEqual({ allowed: false, reason: 'policy_ip_outside_list', rules: [rules.officeRead] });
    expect(e.actions.update!.fields!.title).toEqual({ allowed: false, reason: 'filter_not_matched', rules: [rules.updateByAuthor] });
    expect(e.actions.update!.fields!.rating).toEqual({ allowed: false, reason: 'not_listed', rules: [] });
    expect(e.actions).not.toHaveProperty(['delete', 'fields']);
    // The explanation agrees with what a read returns.
    const row = dataOf(await send(t, { token: user.token }, 'GET', `/items/articles/${ids['Featured draft']}?fields=id,title,rating`));
    expect(row).toEqual({ id: ids['Featured draft'], title: null, rating: null });
  });

  it('evaluates relational filters on the item in SQL and follows the request IP', async () => {
    const inside = { token: user.token, ip: '10.20.30.40' };
    const { flags, explain: e } = await explain(inside, `/permissions/me/articles/${ids.Published}?explain=true`);
    expect(flags).toEqual({ update: { access: true }, delete: { access: false }, share: { access: false } });
    expect(e.ip).toBe('10.20.30.40');
    expect(e.policies.map((p) => p.applied)).toEqual([true, true, true]);
    expect(e.actions.update).toMatchObject({
      allowed: true,
      reason: 'rule_matched',
      rules: [{ id: rules.updateByAuthor, filter_matches: true, reason: 'filter_matched' }],
    });
    expect(e.actions.read!.fields!.body).toEqual({ allowed: true, reason: 'granted', rules: [rules.officeRead] });
    expect(e.actions.read!.fields!.rating).toEqual({ allowed: true, reason: 'granted', rules: [rules.officeRead] });
    // The office delete rule compares the title with the user's e-mail: resolved for this user, not matched.
    expect(e.actions.delete).toMatchObject({
      allowed: false,
      reason: 'no_rule_matched',
      rules: [{ applied: true, filter_matches: false }],
    });
  });

  it('lets an administrator ask on behalf of a user, with rule contents, item existence and the user status', async () => {
    const { flags, explain: e } = await explain(
      { token: t.adminToken },
      `/permissions/me/articles/${ids.Published}?explain=true&user=${user.userId}`,
    );
    expect(flags).toEqual({ update: { access: true }, delete: { access: false }, share: { access: false } });
    expect(e).toMatchObject({ user: user.userId, admin: false, item_exists: true, user_status: 'active' });
    expect(e.policies[2]).toMatchObject({ id: policies.office, applied: false, ip_access: ['10.0.0.0/8'] });
    expect(e.actions.read!.rules[0]).toMatchObject({ filter: { status: { _eq: 'published' } }, presets: null, validation: null });
    // Dynamic variables are resolved for the explained user, not for the administrator.
    const email = (await t.app.knex('service_users').where({ id: user.userId }).first()).email;
    expect(e.actions.delete!.rules[0]).toMatchObject({ filter: { title: { _eq: email } } });
    // The request's IP decides the IP-restricted policies for the explained user too.
    const fromOffice = await explain(
      { token: t.adminToken, ip: '10.0.0.1' },
      `/permissions/me/articles/${ids.Published}?explain=true&user=${user.userId}`,
    );
    expect(fromOffice.explain.policies[2]).toMatchObject({ applied: true, reason: 'applies' });

    const missing = await explain({ token: t.adminToken }, `/permissions/me/articles/999999?explain=true&user=${user.userId}`);
    expect(missing.explain.item_exists).toBe(false);
    expect(missing.explain.actions.read).toMatchObject({ allowed: false, reason: 'no_rule_matched' });
  });

  it('refuses on-behalf questions from non-administrators and about unknown users (403)', async () => {
    const other = await t.userWith({});
    expectError(
      await send(t, { token: other.token }, 'GET', `/permissions/me/articles/1?explain=true&user=${user.userId}`),
      403,
      'FORBIDDEN',
    );
    expectError(
      await send(t, { token: t.adminToken }, 'GET', '/permissions/me/articles/1?explain=true&user=00000000-0000-4000-8000-000000000000'),
      403,
      'FORBIDDEN',
    );
    expectError(await send(t, { token: null }, 'GET', '/permissions/me/articles/1?explain=true'), 403, 'FORBIDDEN');
  });

  it('does not reveal whether an item exists to the user asking about their own access', async () => {
    const missing = await explain({ token: user.token }, '/permissions/me/articles/999999?explain=true');
    const unmatched = await explain({ token: user.token }, `/permissions/me/articles/${ids['Featured draft']}?explain=true`);
    expect(missing.explain).not.toHaveProperty('item_exists');
    expect(missing.flags).toEqual(unmatched.flags);
    expect(missing.explain.actions.update).toEqual(unmatched.explain.actions.update);
    expect(missing.explain.actions.delete).toEqual(unmatched.explain.actions.delete);
  });

  it('explains administrators, the built-in app-access rules and the collection without an item', async () => {
    const { explain: admin } = await explain({ token: t.adminToken }, `/permissions/me/articles/${ids.Published}?explain=true`);
    const { user: adminUser } = await adminIds(t);
    expect(admin).toMatchObject({ user: adminUser, admin: true, item_exists: true });
    expect(admin.policies).toEqual([expect.objectContaining({ admin_access: true, applied: true })]);
    for (const action of Object.values(admin.actions)) expect(action).toMatchObject({ allowed: true, reason: 'admin', rules: [] });
    expect(admin.actions.read!.fields!.body).toEqual({ allowed: true, reason: 'admin', rules: [] });

    const app = await t.userWith({ appAccess: true });
    const { explain: own } = await explain({ token: app.token }, `/permissions/me/service_users/${app.userId}?explain=true`);
    expect(own.actions.read).toMatchObject({
      allowed: true,
      reason: 'rule_matched',
      rules: [
        {
          id: null,
          policy: null,
          policy_name: 'app access (built-in rules)',
          system: true,
          applied: true,
          filter_matches: true,
          reason: 'filter_matched',
        },
      ],
    });
    expect(own.actions.read!.fields!.email).toEqual({ allowed: true, reason: 'granted', rules: [null] });
    expect(own.actions.read!.fields).not.toHaveProperty('token');

    const { explain: collection } = await explain({ token: user.token }, '/permissions/me/articles?explain=true');
    expect(collection.item).toBeNull();
    expect(collection.actions.read).toMatchObject({ allowed: true, reason: 'granted' });
    expect(collection.actions.read!.rules.map((r) => r.reason)).toEqual(['not_item_level', 'not_item_level', 'policy_ip_outside_list']);
  });

  it('writes nothing', async () => {
    const tables = [
      'service_activity',
      'service_revisions',
      'service_permissions',
      'service_policies',
      'service_access',
      'service_sessions',
    ];
    const before = await Promise.all(tables.map((table) => countRows(t.app, table)));
    await explain({ token: user.token }, `/permissions/me/articles/${ids.Published}?explain=true`);
    await explain({ token: t.adminToken }, `/permissions/me/articles/${ids.Published}?explain=true&user=${user.userId}`);
    expect(await Promise.all(tables.map((table) => countRows(t.app, table)))).toEqual(before);
  });
});

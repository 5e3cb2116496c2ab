import {
  aggregate,
  authentication,
  createDirectus,
  createItem,
  createItems,
  createUser,
  deleteItem,
  deleteItems,
  disableTwoFactor,
  enableTwoFactor,
  generateTwoFactorSecret,
  readActivities,
  readActivity,
  readItem,
  readItems,
  readMe,
  readPolicyGlobals,
  readRevision,
  readRevisions,
  readSettings,
  readSingleton,
  refresh,
  rest,
  updateItem,
  updateItems,
  updateItemsBatch,
  updateMe,
  updateSettings,
  updateSingleton,
  withSearch,
} from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { countRows, seedCollections } from '../setup/seed-collections.js';
import { totpCode } from '../setup/totp-code.js';

type Article = {
  id: number;
  title: string;
  status: string;
  rating: number | null;
  author: number | { name: string } | null;
  comments: unknown[];
};
type Schema = {
  articles: Article[];
  authors: { id: number; name: string; email: string | null }[];
  comments: { id: number; body: string; article: number | null }[];
  home: { id: number; headline: string | null; intro: string | null };
};

type SdkError = { errors: { message: string; extensions: { code: string } }[]; response?: Response };

async function sdkError(work: Promise<unknown>): Promise<SdkError> {
  try {
    await work;
  } catch (error) {
    return error as SdkError;
  }
  throw new Error('expected the SDK call to fail');
}

/** The official @directus/sdk against a real listening server: the main item flows and authentication. */
describe('@directus/sdk compatibility', () => {
  let t: TestApp;
  let url = '';

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const client = (mode: 'json' | 'cookie' = 'json') =>
    createDirectus<Schema>(url)
      .with(authentication(mode, { autoRefresh: false }))
      .with(rest());
  const adminClient = async () => {
    const c = client();
    await c.login({ email: 'admin@example.com', password: 'AdminPass123!' });
    return c;
  };

  describe('authentication', () => {
    it('logs in (json mode), reads me, refreshes and logs out', async () => {
      const c = client();
      const auth = await c.login({ email: 'admin@example.com', password: 'AdminPass123!' });
      expect(auth.expires).toBe(900_000);
      expect(auth.refresh_token).toMatch(/^[\w-]{64}$/);
      expect(typeof auth.access_token).toBe('string');

      const me = await c.request(readMe({ fields: ['email', 'role.name' as 'role'] }));
      expect(me).toEqual({ email: 'admin@example.com', role: { name: 'Administrator' } });

      const renewed = await c.refresh();
      expect(renewed.refresh_token).not.toBe(auth.refresh_token);
      expect(await c.getToken()).toBe(renewed.access_token);
      expect((await c.request(readMe({ fields: ['id'] }))).id).toBeTruthy();

      await c.logout();
      expect(await c.getToken()).toBeNull();
      const error = await sdkError(c.request(refresh({ mode: 'json', refresh_token: renewed.refresh_token! })));
      expect(error.errors[0]!.extensions.code).toBe('INVALID_CREDENTIALS');
    });

    it('surfaces INVALID_CREDENTIALS for a wrong password', async () => {
      const error = await sdkError(client().login({ email: 'admin@example.com', password: 'wrong' }));
      expect(error.errors[0]!.extensions.code).toBe('INVALID_CREDENTIALS');
      expect(error.response?.status).toBe(401);
    });

    it('uses the refresh command with an explicit token', async () => {
      const c = client();
      const auth = await c.login({ email: 'admin@example.com', password: 'AdminPass123!' });
      const next = await client().request(refresh({ mode: 'json', refresh_token: auth.refresh_token! }));
      expect(next.access_token).toBeTruthy();
      expect(next.refresh_token).not.toBe(auth.refresh_token);
    });

    it('reads policy globals and settings', async () => {
      const c = await adminClient();
      expect(await c.request(readPolicyGlobals())).toEqual({ app_access: true, admin_access: true, enforce_tfa: false });
      expect(await c.request(readSettings({ fields: ['project_name'] }))).toEqual({ project_name: 'Stratum' });
      expect(await c.request(updateSettings({ project_name: 'SDK' }, { fields: ['project_name'] }))).toEqual({ project_name: 'SDK' });
    });

    it('sets up two-factor, logs in with the otp and turns it off again', async () => {
      const admin = await adminClient();
      await admin.request(createUser({ email: 'sdk-tfa@example.com', password: 'SdkTfaPass-1', status: 'active' }));
      const c = client();
      await c.login({ email: 'sdk-tfa@example.com', password: 'SdkTfaPass-1' });
      const { secret, otpauth_url } = await c.request(generateTwoFactorSecret('SdkTfaPass-1'));
      expect(otpauth_url).toContain(`secret=${secret}`);
      // Typed void by the SDK; Stratum's answer carries the recovery codes, and the SDK hands the data through.
      const enabled = (await c.request(enableTwoFactor(secret, totpCode(secret, new Date())))) as unknown as { recovery_codes: string[] };
      expect(enabled.recovery_codes).toHaveLength(10);

      const refused = await sdkError(client().login({ email: 'sdk-tfa@example.com', password: 'SdkTfaPass-1' }));
      expect(refused.errors[0]!.extensions.code).toBe('INVALID_OTP');
      // The next step's code: accepted (one step of drift either way) and not the one enable used.
      const next = client();
      const auth = await next.login(
        { email: 'sdk-tfa@example.com', password: 'SdkTfaPass-1' },
        { otp: totpCode(secret, new Date(Date.now() + 30_000)) },
      );
      expect(auth.access_token).toBeTruthy();
      await next.request(disableTwoFactor(enabled.recovery_codes[0]!));
      expect((await client().login({ email: 'sdk-tfa@example.com', password: 'SdkTfaPass-1' })).access_token).toBeTruthy();
    });

    it('updates the current user', async () => {
      const c = await adminClient();
      expect(await c.request(updateMe({ first_name: 'Ada' }, { fields: ['first_name'] }))).toEqual({ first_name: 'Ada' });
    });
  });

  describe('items', () => {
    it('creates, reads, updates and deletes one item', async () => {
      const c = await adminClient();
      const created = await c.request(createItem('articles', { title: 'From the SDK', rating: 2 }));
      expect(created).toMatchObject({ title: 'From the SDK', rating: 2, status: 'draft' });

      const read = await c.request(readItem('articles', created.id, { fields: ['id', 'title'] }));
      expect(read).toEqual({ id: created.id, title: 'From the SDK' });

      const updated = await c.request(updateItem('articles', created.id, { title: 'Renamed' }, { fields: ['title'] }));
      expect(updated).toEqual({ title: 'Renamed' });

      await c.request(deleteItem('articles', created.id));
      const error = await sdkError(c.request(readItem('articles', created.id)));
      expect(error.errors[0]!.extensions.code).toBe('FORBIDDEN');
      expect(error.response?.status).toBe(403);
    });

    it('reads with fields, filter, sort, limit, search, deep and meta-less lists', async () => {
      const c = await adminClient();
      const author = await c.request(createItem('authors', { name: 'Sdk Author' }));
      await c.request(
        createItems('articles', [
          {
            title: 'List A',
            status: 'published',
            rating: 5,
            author: author.id,
            comments: [{ body: 'first' }, { body: 'second' }] as never,
          },
          { title: 'List B', status: 'published', rating: 1 },
          { title: 'List C', status: 'draft', rating: 3 },
        ]),
      );
      const rows = await c.request(
        readItems('articles', {
          fields: ['title', 'rating', { author: ['name'] }, { comments: ['body'] }] as never,
          filter: { status: { _eq: 'published' }, title: { _starts_with: 'List' } },
          sort: ['-rating'],
          limit: 10,
          deep: { comments: { _sort: ['-body'], _limit: 1 } } as never,
        }),
      );
      expect(rows).toEqual([
        { title: 'List A', rating: 5, author: { name: 'Sdk Author' }, comments: [{ body: 'second' }] },
        { title: 'List B', rating: 1, author: null, comments: [] },
      ]);
      const searched = await c.request(readItems('articles', { search: 'List C', fields: ['title'] }));
      expect(searched).toEqual([{ title: 'List C' }]);
      const viaSearch = await c.request(withSearch(readItems('articles', { fields: ['title'], filter: { title: { _eq: 'List B' } } })));
      expect(viaSearch).toEqual([{ title: 'List B' }]);
    });

    it('aggregates and groups', async () => {
      const c = await adminClient();
      await c.request(
        createItems('articles', [
          { title: 'Agg 1', status: 'x-agg' },
          { title: 'Agg 2', status: 'x-agg' },
        ]),
      );
      const counted = await c.request(
        aggregate('articles', { aggregate: { count: '*' }, query: { filter: { status: { _eq: 'x-agg' } } }, groupBy: ['status'] }),
      );
      expect(counted).toEqual([{ status: 'x-agg', count: 2 }]);
    });

    it('updates many by keys, by query and as a batch, and deletes many', async () => {
      const c = await adminClient();
      const created = await c.request(createItems('articles', [{ title: 'M1' }, { title: 'M2' }, { title: 'M3' }]));
      const ids = created.map((a) => a.id);
      const byKeys = await c.request(updateItems('articles', ids.slice(0, 2), { rating: 7 }, { fields: ['id', 'rating'] }));
      expect(byKeys.map((a) => a.rating)).toEqual([7, 7]);
      await c.request(updateItems('articles', { filter: { id: { _in: ids } } } as never, { status: 'bulk' }));
      const batch = await c.request(updateItemsBatch('articles', [{ id: ids[2]!, title: 'M3!' }] as never));
      expect(batch).toEqual([expect.objectContaining({ id: ids[2], title: 'M3!', status: 'bulk' })]);
      await c.request(deleteItems('articles', ids));
      expect(await countRows(t.app, 'articles', { status: 'bulk' })).toBe(0);
    });

    it('reads and updates a singleton', async () => {
      const c = await adminClient();
      await c.request(updateSingleton('home', { headline: 'SDK home' }));
      expect(await c.request(readSingleton('home', { fields: ['headline'] }))).toEqual({ headline: 'SDK home' });
    });

    it('reports validation errors the way the SDK expects', async () => {
      const c = await adminClient();
      const error = await sdkError(c.request(createItem('articles', { title: 'x', rating: 'many' as unknown as number })));
      expect(error.response?.status).toBe(400);
      expect(error.errors[0]!.extensions.code).toBe('INVALID_PAYLOAD');
      const notUnique = await c.request(createItem('articles', { title: 'u', slug: 'sdk-unique' } as never));
      expect(notUnique).toBeTruthy();
      const duplicate = await sdkError(c.request(createItem('articles', { title: 'u2', slug: 'sdk-unique' } as never)));
      expect(duplicate.errors[0]!.extensions.code).toBe('RECORD_NOT_UNIQUE');
    });

    it('reads the activity of its writes', async () => {
      const c = await adminClient();
      const item = await c.request(createItem('articles', { title: 'Audited' }));
      const activity = await c.request(
        readActivities({ filter: { collection: { _eq: 'articles' }, item: { _eq: String(item.id) } }, fields: ['action', 'item'] }),
      );
      expect(activity).toEqual([{ action: 'create', item: String(item.id) }]);
    });

    it('refuses a user without permissions with FORBIDDEN', async () => {
      await t.userWith({ email: 'sdk-user@example.com' });
      const c = client();
      await c.login({ email: 'sdk-user@example.com', password: 'UserPass123!' });
      const error = await sdkError(c.request(readItems('articles')));
      expect(error.errors[0]!.extensions.code).toBe('FORBIDDEN');
      // Without read permission on users, /users/me answers only the id (Directus).
      expect(await c.request(readMe({ fields: ['email'] }))).toEqual({ id: expect.any(String) });
    });
  });

  describe('activity and revisions', () => {
    it("reads an item's history with readActivities: filter, sort, fields with revisions and the user", async () => {
      const c = await adminClient();
      const item = await c.request(createItem('articles', { title: 'History' }));
      await c.request(updateItem('articles', item.id, { rating: 4 }));
      const history = await c.request(
        readActivities({
          filter: { collection: { _eq: 'articles' }, item: { _eq: String(item.id) } },
          sort: ['-id'],
          fields: ['action', 'item', { user: ['email'] }, { revisions: ['delta'] }] as never,
        }),
      );
      expect(history).toEqual([
        { action: 'update', item: String(item.id), user: { email: 'admin@example.com' }, revisions: [{ delta: { rating: 4 } }] },
        { action: 'create', item: String(item.id), user: { email: 'admin@example.com' }, revisions: [{ delta: { title: 'History' } }] },
      ]);
      const page = await c.request(readActivities({ fields: ['id'], sort: ['id'], limit: 2, offset: 1 }));
      expect(page).toHaveLength(2);
      expect(page[0]!.id).toBeLessThan(page[1]!.id);
    });

    it('reads one record with readActivity, and FORBIDDEN for a missing id', async () => {
      const c = await adminClient();
      const [latest] = await c.request(readActivities({ filter: { action: { _eq: 'update' } }, sort: ['-id'], limit: 1, fields: ['id'] }));
      const one = await c.request(readActivity(latest!.id, { fields: ['id', 'action', 'collection', 'item', 'timestamp'] }));
      expect(one).toMatchObject({ id: latest!.id, action: 'update', collection: 'articles', item: expect.any(String) });
      expect(new Date(one.timestamp as string).toISOString()).toBe(one.timestamp);
      const missing = await sdkError(c.request(readActivity(99_999_999)));
      expect(missing.errors[0]!.extensions.code).toBe('FORBIDDEN');
      expect(missing.response?.status).toBe(403);
    });

    it('reads revisions with readRevisions and readRevision', async () => {
      const c = await adminClient();
      const item = await c.request(createItem('articles', { title: 'Revised' }));
      const revisions = await c.request(
        readRevisions({
          filter: { collection: { _eq: 'articles' }, item: { _eq: String(item.id) } },
          fields: ['id', 'data', 'delta', 'parent'],
        }),
      );
      expect(revisions).toEqual([
        {
          id: expect.any(Number),
          data: expect.objectContaining({ id: item.id, title: 'Revised' }),
          delta: { title: 'Revised' },
          parent: null,
        },
      ]);
      const one = await c.request(readRevision(revisions[0]!.id, { fields: ['item', { activity: ['action'] }] as never }));
      expect(one).toEqual({ item: String(item.id), activity: { action: 'create' } });
    });

    it('shows an app user only their own activity, and refuses the public', async () => {
      const user = await t.userWith({ email: 'sdk-activity@example.com', appAccess: true });
      const c = client();
      await c.login({ email: 'sdk-activity@example.com', password: 'UserPass123!' });
      const own = await c.request(readActivities({ fields: ['action', 'user'] }));
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.every((row) => row.user === user.userId)).toBe(true);
      const admins = await (
        await adminClient()
      ).request(readActivities({ filter: { action: { _eq: 'create' } }, limit: 1, fields: ['id'] }));
      const foreign = await sdkError(c.request(readActivity(admins[0]!.id)));
      expect(foreign.errors[0]!.extensions.code).toBe('FORBIDDEN');
      const anonymous = await sdkError(client().request(readActivities()));
      expect(anonymous.errors[0]!.extensions.code).toBe('FORBIDDEN');
      expect(anonymous.response?.status).toBe(403);
    });
  });
});

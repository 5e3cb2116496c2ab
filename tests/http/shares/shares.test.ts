import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../../graphql/graphql-request.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { afterAnswer } from '../../setup/reset-mail.js';
import { seedCollections } from '../../setup/seed-collections.js';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server.js';

type Row = Record<string, unknown>;
type Person = { token: string; userId: string };

/** Three wrong share passwords per share and address, as logins (RATE_LIMITER_LOGIN_POINTS). */
const GUESSES = 3;
const HOUR = 3600_000;

/**
 * `/shares` (service_shares, decision 0105): CRUD, info, auth (password, dates, uses, modes, refresh, logout),
 * what a share session reads (the one item, never more than its creator: GHSA-pmf4-v838-29hg), who may share,
 * bad input, throttled password guesses, invitations, activity, GraphQL.
 */
describe('shares', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let adminId: string;
  let author: number;
  let published: number;
  let draft: number;
  let other: number;
  /** May share and read published articles' id, title and status; not their body. */
  let sharer: Person;
  /** May read articles but not share them. */
  let reader: Person;
  /** May share articles but not read them. */
  let blind: Person;

  const as = (who: Person | null, method: string, url: string, body?: unknown) =>
    t.request(method, url, { token: who ? who.token : t.adminToken, body });
  const anon = (method: string, url: string, body?: unknown) => t.request(method, url, { token: null, body });
  const withToken = (token: string, method: string, url: string, body?: unknown) => t.request(method, url, { token, body });
  const share = async (who: Person | null, body: Row) => {
    const response = await as(who, 'POST', '/shares', body);
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<Row>(response);
  };
  const login = async (id: unknown, password?: string) => {
    const response = await anon('POST', '/shares/auth', { share: id, ...(password === undefined ? {} : { password }) });
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<{ access_token: string; refresh_token: string; expires: number }>(response);
  };
  const article = async (body: Row) => Number(dataOf<Row>(await as(null, 'POST', '/items/articles', body)).id);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      ...smtp.env,
      RATE_LIMITER_LOGIN_POINTS: String(GUESSES),
      RATE_LIMITER_LOGIN_IP_POINTS: '10000',
      RATE_LIMITER_LOGIN_ACCOUNT_POINTS: '10000',
      PUBLIC_URL: 'https://cms.example.com',
    });
    await seedCollections(t.app);
    adminId = dataOf<Row>(await as(null, 'GET', '/users/me?fields=id')).id as string;
    author = Number(dataOf<Row>(await as(null, 'POST', '/items/authors', { name: 'Ada' })).id);
    published = await article({ title: 'Public', status: 'published', body: 'secret body', author });
    draft = await article({ title: 'Draft', status: 'draft', body: 'draft body' });
    other = await article({ title: 'Other', status: 'published', body: 'other body' });
    const onlyPublished = { status: { _eq: 'published' } };
    sharer = await t.userWith({
      appAccess: true,
      permissions: [
        { collection: 'articles', action: 'read', permissions: onlyPublished, fields: ['id', 'title', 'status'] },
        { collection: 'articles', action: 'share', permissions: {}, fields: ['*'] },
      ],
    });
    reader = await t.userWith({ appAccess: true, permissions: [{ collection: 'articles', action: 'read', fields: ['*'] }] });
    blind = await t.userWith({ appAccess: true, permissions: [{ collection: 'articles', action: 'share', fields: ['*'] }] });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('creates, lists, reads, updates and deletes shares, with activity, the password hashed and concealed', async () => {
    const made = await share(null, { name: 'Review', collection: 'articles', item: published, password: 'open sesame', max_uses: 5 });
    expect(made).toMatchObject({
      name: 'Review',
      collection: 'articles',
      item: String(published),
      role: null,
      password: '**********',
      user_created: adminId,
      times_used: 0,
      max_uses: 5,
      date_start: null,
      date_end: null,
    });
    expect(Number.isNaN(Date.parse(String(made.date_created)))).toBe(false);
    const stored = (await t.app.knex('service_shares').select('password').where({ id: made.id }).first()) as { password: string };
    expect(stored.password).toMatch(/^\$argon2/);

    const list = dataOf<Row[]>(await as(null, 'GET', `/shares?filter[id][_eq]=${String(made.id)}&fields=id,name`));
    expect(list).toEqual([{ id: made.id, name: 'Review' }]);
    const patched = await as(null, 'PATCH', `/shares/${String(made.id)}`, { name: 'Renamed' });
    expect(dataOf<Row>(patched).name).toBe('Renamed');
    // The item a share opens never changes.
    expectError(await as(null, 'PATCH', `/shares/${String(made.id)}`, { item: String(other) }), 400, 'INVALID_PAYLOAD');

    const activity = dataOf<Row[]>(
      await as(null, 'GET', `/activity?filter[collection][_eq]=service_shares&filter[item][_eq]=${String(made.id)}&fields=action&sort=id`),
    );
    expect(activity.map((a) => a.action)).toEqual(['create', 'update']);

    expect((await as(null, 'DELETE', `/shares/${String(made.id)}`)).statusCode).toBe(204);
    expectError(await as(null, 'GET', `/shares/${String(made.id)}`), 403, 'FORBIDDEN');
    // A batch, as other system collections.
    const batch = await as(null, 'POST', '/shares', [
      { collection: 'articles', item: published },
      { collection: 'articles', item: other },
    ]);
    expect(dataOf<Row[]>(batch)).toHaveLength(2);
  });

  it('answers /shares/info for anybody, only inside the dates, with only what Directus answers', async () => {
    const open = await share(null, { collection: 'articles', item: published });
    const info = dataOf<Row>(await anon('GET', `/shares/info/${String(open.id)}`));
    expect(Object.keys(info).sort()).toEqual(['collection', 'date_end', 'date_start', 'id', 'item', 'max_uses', 'password', 'times_used']);
    expect(info).toMatchObject({ id: open.id, collection: 'articles', item: String(published), password: null });
    const locked = await share(null, { collection: 'articles', item: published, password: 'pw' });
    expect(dataOf<Row>(await anon('GET', `/shares/info/${String(locked.id)}`)).password).toBe('**********');

    const later = await share(null, { collection: 'articles', item: published, date_start: new Date(Date.now() + HOUR).toISOString() });
    expectError(await anon('GET', `/shares/info/${String(later.id)}`), 403, 'FORBIDDEN');
    expectError(await anon('GET', '/shares/info/00000000-0000-4000-8000-000000000000'), 403, 'FORBIDDEN');
    expectError(await anon('GET', '/shares/info/not-a-uuid'), 403, 'FORBIDDEN');
  });

  it('opens a share session with and without a password, counting uses, in the json, cookie and session modes', async () => {
    const open = await share(null, { collection: 'articles', item: published });
    const tokens = await login(open.id);
    expect(tokens.access_token.split('.')).toHaveLength(3);
    expect(typeof tokens.refresh_token).toBe('string');
    expect(tokens.expires).toBeGreaterThan(0);
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString()) as Row;
    expect(claims).toMatchObject({ share: open.id, role: null, app_access: false, admin_access: false });
    expect(claims.id).toBeUndefined();

    const cookie = await anon('POST', '/shares/auth', { share: open.id, mode: 'cookie' });
    expect(cookie.statusCode).toBe(200);
    expect(Object.keys(dataOf<Row>(cookie)).sort()).toEqual(['access_token', 'expires']);
    expect(cookie.cookies.some((c) => c.name === 'service_refresh_token' && c.httpOnly)).toBe(true);
    const session = await anon('POST', '/shares/auth', { share: open.id, mode: 'session' });
    const sessionCookie = session.cookies.find((c) => c.name === 'service_session_token');
    expect(sessionCookie?.value).toBeTruthy();
    const bySession = await t.request('GET', `/items/articles/${published}?fields=title`, {
      token: null,
      headers: { cookie: `service_session_token=${sessionCookie!.value}` },
    });
    expect(dataOf<Row>(bySession)).toEqual({ title: 'Public' });
    expect(dataOf<Row>(await as(null, 'GET', `/shares/${String(open.id)}?fields=times_used`)).times_used).toBe(3);

    const locked = await share(null, { collection: 'articles', item: published, password: 'open sesame' });
    expectError(await anon('POST', '/shares/auth', { share: locked.id }), 401, 'INVALID_CREDENTIALS');
    expectError(await anon('POST', '/shares/auth', { share: locked.id, password: 'wrong' }), 401, 'INVALID_CREDENTIALS');
    await login(locked.id, 'open sesame');
  });

  it('refuses a share outside its dates or over its uses, and an unknown share, with INVALID_CREDENTIALS', async () => {
    const later = await share(null, { collection: 'articles', item: published, date_start: new Date(Date.now() + HOUR).toISOString() });
    expectError(await anon('POST', '/shares/auth', { share: later.id }), 401, 'INVALID_CREDENTIALS');
    const over = await share(null, { collection: 'articles', item: published, date_end: new Date(Date.now() - HOUR).toISOString() });
    expectError(await anon('POST', '/shares/auth', { share: over.id }), 401, 'INVALID_CREDENTIALS');
    const once = await share(null, { collection: 'articles', item: published, max_uses: 1 });
    await login(once.id);
    expectError(await anon('POST', '/shares/auth', { share: once.id }), 401, 'INVALID_CREDENTIALS');
    expect(dataOf<Row>(await as(null, 'GET', `/shares/${String(once.id)}?fields=times_used`)).times_used).toBe(1);
    expectError(await anon('POST', '/shares/auth', { share: '00000000-0000-4000-8000-000000000000' }), 401, 'INVALID_CREDENTIALS');

    // A session's share moved out of its dates stops the session at once.
    const moving = await share(null, { collection: 'articles', item: published });
    const tokens = await login(moving.id);
    expect((await withToken(tokens.access_token, 'GET', `/items/articles/${published}`)).statusCode).toBe(200);
    await as(null, 'PATCH', `/shares/${String(moving.id)}`, { date_end: new Date(Date.now() - HOUR).toISOString() });
    expectError(await withToken(tokens.access_token, 'GET', `/items/articles/${published}`), 401, 'INVALID_CREDENTIALS');
  });

  it('lets a share session read only the shared item: other items, collections and every write are refused', async () => {
    const open = await share(null, { collection: 'articles', item: published });
    const { access_token: token } = await login(open.id);
    const one = dataOf<Row>(await withToken(token, 'GET', `/items/articles/${published}?fields=id,title,body`));
    expect(one).toEqual({ id: published, title: 'Public', body: 'secret body' });
    const list = dataOf<Row[]>(await withToken(token, 'GET', '/items/articles?fields=id'));
    expect(list).toEqual([{ id: published }]);
    expectError(await withToken(token, 'GET', `/items/articles/${other}`), 403, 'FORBIDDEN');
    expectError(await withToken(token, 'GET', '/items/authors'), 403, 'FORBIDDEN');
    expectError(await withToken(token, 'GET', `/items/articles/${published}?fields=author.name`), 403, 'FORBIDDEN');
    expectError(await withToken(token, 'GET', '/users'), 403, 'FORBIDDEN');
    expectError(await withToken(token, 'GET', '/shares'), 403, 'FORBIDDEN');
    expectError(await withToken(token, 'PATCH', `/items/articles/${published}`, { title: 'Hacked' }), 403, 'FORBIDDEN');
    expectError(await withToken(token, 'POST', '/items/articles', { title: 'New' }), 403, 'FORBIDDEN');
    expectError(await withToken(token, 'DELETE', `/items/articles/${published}`), 403, 'FORBIDDEN');
    expectError(await withToken(token, 'POST', '/shares', { collection: 'articles', item: other }), 403, 'FORBIDDEN');
    expect(dataOf<Row>(await as(null, 'GET', `/items/articles/${published}?fields=title`)).title).toBe('Public');
  });

  it('never lets a share read more than its creator may, at read time (GHSA-pmf4-v838-29hg)', async () => {
    // The creator reads published articles' id, title and status: so does the share, not the body.
    const made = await share(sharer, { collection: 'articles', item: published });
    expect(made.user_created).toBe(sharer.userId);
    const { access_token: token } = await login(made.id);
    expect(dataOf<Row>(await withToken(token, 'GET', `/items/articles/${published}?fields=id,title`))).toEqual({
      id: published,
      title: 'Public',
    });
    expectError(await withToken(token, 'GET', `/items/articles/${published}?fields=body`), 403, 'FORBIDDEN');
    const star = dataOf<Row>(await withToken(token, 'GET', `/items/articles/${published}?fields=*`));
    expect(Object.keys(star).sort()).toEqual(['id', 'status', 'title']);
    // Nor more than a role given to the share (here one that reads nothing): the share sees nothing.
    const bounded = await share(null, { collection: 'articles', item: published, role: await emptyRole() });
    const { access_token: boundedToken } = await login(bounded.id);
    expectError(await withToken(boundedToken, 'GET', `/items/articles/${published}`), 403, 'FORBIDDEN');

    // The article becomes a draft: the creator can't read it any more, nor can the share.
    await as(null, 'PATCH', `/items/articles/${published}`, { status: 'draft' });
    try {
      expectError(await withToken(token, 'GET', `/items/articles/${published}`), 403, 'FORBIDDEN');
      expect(dataOf<Row[]>(await withToken(token, 'GET', '/items/articles'))).toEqual([]);
    } finally {
      await as(null, 'PATCH', `/items/articles/${published}`, { status: 'published' });
    }
    // The creator loses access to articles altogether: so does the share.
    await as(null, 'PATCH', `/users/${sharer.userId}`, { status: 'suspended' });
    try {
      expectError(await withToken(token, 'GET', `/items/articles/${published}`), 403, 'FORBIDDEN');
    } finally {
      await as(null, 'PATCH', `/users/${sharer.userId}`, { status: 'active' });
    }
  });

  async function emptyRole(): Promise<string> {
    return String(dataOf<Row>(await as(null, 'POST', '/roles', { name: `Empty ${Date.now()}` })).id);
  }

  it('refuses creating a share without share and read access to the item', async () => {
    sharer = { ...sharer, token: await t.login(...(await credentialsOf(sharer))) };
    // A draft its creator can't read, and an article for a user who may read but not share, or share but not read.
    expectError(await as(sharer, 'POST', '/shares', { collection: 'articles', item: draft }), 403, 'FORBIDDEN');
    expectError(await as(reader, 'POST', '/shares', { collection: 'articles', item: published }), 403, 'FORBIDDEN');
    expectError(await as(blind, 'POST', '/shares', { collection: 'articles', item: published }), 403, 'FORBIDDEN');
    expectError(await as(sharer, 'POST', '/shares', { collection: 'authors', item: author }), 403, 'FORBIDDEN');
    expectError(await as(sharer, 'POST', '/shares', { collection: 'articles', item: 999_999 }), 403, 'FORBIDDEN');
    expectError(await as(sharer, 'POST', '/shares', { collection: 'service_users', item: adminId }), 403, 'FORBIDDEN');
    expectError(await anon('POST', '/shares', { collection: 'articles', item: published }), 403, 'FORBIDDEN');
    // One's own shares only, and not their use count.
    const mine = await share(sharer, { collection: 'articles', item: published });
    const theirs = await share(null, { collection: 'articles', item: published });
    const listed = dataOf<Row[]>(await as(sharer, 'GET', '/shares?fields=id'));
    expect(listed.map((s) => s.id)).toContain(mine.id);
    expect(listed.map((s) => s.id)).not.toContain(theirs.id);
    expectError(await as(sharer, 'GET', `/shares/${String(theirs.id)}`), 403, 'FORBIDDEN');
    expectError(await as(sharer, 'PATCH', `/shares/${String(mine.id)}`, { times_used: 0 }), 403, 'FORBIDDEN');
    expectError(await as(sharer, 'DELETE', `/shares/${String(theirs.id)}`), 403, 'FORBIDDEN');
    expect((await as(sharer, 'DELETE', `/shares/${String(mine.id)}`)).statusCode).toBe(204);
  });

  async function credentialsOf(who: Person): Promise<[string, string]> {
    const email = `sharer-${Date.now()}@example.com`;
    await as(null, 'PATCH', `/users/${who.userId}`, { email, password: 'sharer-password-1' });
    return [email, 'sharer-password-1'];
  }

  it('answers bad input with 400 INVALID_PAYLOAD', async () => {
    expectError(await anon('POST', '/shares/auth', {}), 400, 'INVALID_PAYLOAD');
    expectError(await anon('POST', '/shares/auth', { share: 'nope' }), 400, 'INVALID_PAYLOAD');
    expectError(await anon('POST', '/shares/auth', { share: 42 }), 400, 'INVALID_PAYLOAD');
    const open = await share(null, { collection: 'articles', item: published });
    expectError(await anon('POST', '/shares/auth', { share: open.id, password: 7 }), 400, 'INVALID_PAYLOAD');
    expectError(await anon('POST', '/shares/auth', { share: open.id, mode: 'jwt' }), 400, 'INVALID_PAYLOAD');
    expectError(await anon('POST', '/shares/auth', [open.id]), 400, 'INVALID_PAYLOAD');
    expectError(await as(null, 'POST', '/shares', { collection: 'articles' }), 400, 'INVALID_PAYLOAD');
    expectError(await as(null, 'POST', '/shares', { item: published }), 400, 'INVALID_PAYLOAD');
    expectError(await as(null, 'POST', '/shares', { collection: 'articles', item: published, max_uses: 0 }), 400, 'INVALID_PAYLOAD');
    expectError(await as(null, 'POST', '/shares', { collection: 'articles', item: published, max_uses: 'many' }), 400, 'INVALID_PAYLOAD');
    expectError(await as(null, 'POST', '/shares', { collection: 'articles', item: published, nonsense: 1 }), 400, 'INVALID_PAYLOAD');
    expectError(
      await as(null, 'POST', '/shares', {
        collection: 'articles',
        item: published,
        date_start: new Date(Date.now() + HOUR).toISOString(),
        date_end: new Date().toISOString(),
      }),
      400,
      'INVALID_PAYLOAD',
    );
    expectError(await as(null, 'POST', '/shares/invite', { share: open.id, emails: 'a@example.com' }), 400, 'INVALID_PAYLOAD');
    expectError(await as(null, 'POST', '/shares/invite', { share: open.id, emails: ['not an address'] }), 400, 'INVALID_PAYLOAD');
    expectError(await as(null, 'POST', '/shares/invite', { share: open.id, emails: [] }), 400, 'INVALID_PAYLOAD');
  });

  it('throttles password guesses per share and address like logins, and a right password is then refused too', async () => {
    const locked = await share(null, { collection: 'articles', item: published, password: 'right one' });
    for (let i = 0; i < GUESSES; i++)
      expectError(await anon('POST', '/shares/auth', { share: locked.id, password: `guess ${i}` }), 401, 'INVALID_CREDENTIALS');
    expectError(await anon('POST', '/shares/auth', { share: locked.id, password: 'right one' }), 429, 'REQUESTS_EXCEEDED');
    // Another share is not locked by those guesses.
    const open = await share(null, { collection: 'articles', item: published });
    await login(open.id);
  });

  it('refreshes and logs out a share session', async () => {
    const open = await share(null, { collection: 'articles', item: published });
    const first = await login(open.id);
    const refreshed = await anon('POST', '/auth/refresh', { refresh_token: first.refresh_token, mode: 'json' });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const next = dataOf<{ access_token: string; refresh_token: string }>(refreshed);
    expect(next.refresh_token).not.toBe(first.refresh_token);
    const claims = JSON.parse(Buffer.from(next.access_token.split('.')[1]!, 'base64url').toString()) as Row;
    expect(claims.share).toBe(open.id);
    expect(dataOf<Row>(await withToken(next.access_token, 'GET', `/items/articles/${published}?fields=id`)).id).toBe(published);
    // Refreshing does not count a use.
    expect(dataOf<Row>(await as(null, 'GET', `/shares/${String(open.id)}?fields=times_used`)).times_used).toBe(1);

    expect((await anon('POST', '/auth/logout', { refresh_token: next.refresh_token })).statusCode).toBe(204);
    expectError(await anon('POST', '/auth/refresh', { refresh_token: next.refresh_token, mode: 'json' }), 401, 'INVALID_CREDENTIALS');
    expectError(await withToken(next.access_token, 'GET', `/items/articles/${published}`), 401, 'INVALID_CREDENTIALS');

    // Deleting a share ends its sessions.
    const again = await login(open.id);
    await as(null, 'DELETE', `/shares/${String(open.id)}`);
    expectError(await withToken(again.access_token, 'GET', `/items/articles/${published}`), 401, 'INVALID_CREDENTIALS');
    expectError(await anon('POST', '/auth/refresh', { refresh_token: again.refresh_token, mode: 'json' }), 401, 'INVALID_CREDENTIALS');
  });

  it('mails the share link to each address, for a user who may read the share', async () => {
    const open = await share(null, { name: 'Quarterly <report>', collection: 'articles', item: published });
    const before = smtp.messages.length;
    const sent = await as(null, 'POST', '/shares/invite', { share: open.id, emails: ['guest@example.com'] });
    expect(sent.statusCode, sent.body).toBe(204);
    await afterAnswer();
    const mail = await smtp.waitForMessage(before + 1);
    expect(mail.text).toContain(`https://cms.example.com/admin/shared/${String(open.id)}`);
    expect(mail.html).not.toContain('<report>');
    const { access_token: token } = await login(open.id);
    expectError(await withToken(token, 'POST', '/shares/invite', { share: open.id, emails: ['x@example.com'] }), 403, 'FORBIDDEN');
    expectError(await anon('POST', '/shares/invite', { share: open.id, emails: ['x@example.com'] }), 403, 'FORBIDDEN');
    expectError(await as(reader, 'POST', '/shares/invite', { share: open.id, emails: ['x@example.com'] }), 403, 'FORBIDDEN');
  });

  it('serves shares in GraphQL system, and the share permission in the permission summary', async () => {
    const open = await share(null, { collection: 'articles', item: published });
    const data = await gqlData<{ shares: Row[] }>(t, `{ shares(filter: { id: { _eq: "${String(open.id)}" } }) { id collection item } }`, {
      token: t.adminToken,
    });
    expect(data.shares).toEqual([{ id: open.id, collection: 'articles', item: String(published) }]);
    const me = dataOf<Row>(await as(reader, 'GET', `/permissions/me/articles/${published}`));
    expect(me).toMatchObject({ share: { access: false } });
  });
});

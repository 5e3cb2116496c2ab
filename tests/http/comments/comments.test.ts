import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../../graphql/graphql-request.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { afterAnswer } from '../../setup/reset-mail.js';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server.js';

type Row = Record<string, unknown>;
type Person = { token: string; userId: string };

/** `/comments` (service_comments): who comments where, authors' edits, batches, mentions, bad input, activity. */
describe('comments', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let adminId: string;
  let ann: Person;
  let bob: Person;
  let carl: Person;
  let editor: Person;

  const as = (who: Person | null, method: string, url: string, body?: unknown) =>
    t.request(method, url, { token: who ? who.token : t.adminToken, body });
  const comment = async (who: Person, text: string) => {
    const response = await as(who, 'POST', '/comments', { collection: 'service_users', item: adminId, comment: text });
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<Row>(response);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(smtp.env);
    adminId = dataOf<Row>(await as(null, 'GET', '/users/me?fields=id')).id as string;
    // Ann and Bob may read the administrator's user record, so they may comment on it; Carl may not.
    const readUsers = { collection: 'service_users', action: 'read', fields: ['id', 'first_name', 'email'] };
    ann = await t.userWith({ appAccess: true, permissions: [readUsers] });
    bob = await t.userWith({ appAccess: true, permissions: [readUsers] });
    carl = await t.userWith({ appAccess: true });
    // A policy may grant more reading and editing of comments: the author rule still holds.
    editor = await t.userWith({
      appAccess: true,
      permissions: [
        readUsers,
        { collection: 'service_comments', action: 'read', fields: ['*'] },
        { collection: 'service_comments', action: 'update', fields: ['*'] },
        { collection: 'service_comments', action: 'delete', fields: ['*'] },
      ],
    });
    await as(null, 'PATCH', `/users/${ann.userId}`, { first_name: 'Ann' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('creates a comment on a readable item, stamped with its author and time', async () => {
    const made = await comment(ann, 'Looks good');
    expect(made).toMatchObject({
      collection: 'service_users',
      item: adminId,
      comment: 'Looks good',
      user_created: ann.userId,
      date_updated: null,
    });
    expect(made.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(String(made.date_created)))).toBe(false);
    // Read back through the query language: the author's own.
    const mine = dataOf<Row[]>(await as(ann, 'GET', `/comments?filter[item][_eq]=${adminId}&fields=comment`));
    expect(mine).toContainEqual({ comment: 'Looks good' });
  });

  it('keeps a script payload as the same text (never HTML): GHSA-r6wx-627v-gh2f', async () => {
    const payload = '<script>alert(document.cookie)</script><img src=x onerror=alert(1)> & "quotes"';
    const made = await comment(ann, payload);
    expect(made.comment).toBe(payload);
    const read = await as(null, 'GET', `/comments/${String(made.id)}`);
    expect(read.headers['content-type']).toMatch(/^application\/json/);
    expect(dataOf<Row>(read).comment).toBe(payload);
  });

  it('refuses comments on items the caller cannot read, from anonymous callers and from users without a rule', async () => {
    const body = { collection: 'service_users', item: adminId, comment: 'x' };
    expectError(await as(carl, 'POST', '/comments', body), 403, 'FORBIDDEN');
    expectError(await t.request('POST', '/comments', { body }), 403, 'FORBIDDEN');
    const noApp = await t.userWith({ permissions: [{ collection: 'service_users', action: 'read', fields: ['id'] }] });
    expectError(await as(noApp, 'POST', '/comments', body), 403, 'FORBIDDEN');
    expectError(await as(ann, 'POST', '/comments', { ...body, item: '00000000-0000-4000-8000-000000000000' }), 403, 'FORBIDDEN');
    expectError(await as(ann, 'POST', '/comments', { ...body, collection: 'no_such_collection' }), 403, 'FORBIDDEN');
    expectError(await as(null, 'POST', '/comments', { ...body, item: '00000000-0000-4000-8000-000000000000' }), 403, 'FORBIDDEN');
  });

  it('answers bad input with 400 and writes nothing', async () => {
    const count = async () => Number(dataOf<Row[]>(await as(null, 'GET', '/comments?aggregate[count]=*'))[0]!.count);
    const before = await count();
    for (const body of [
      { collection: 'service_users', item: adminId },
      { collection: 'service_users', item: adminId, comment: '  ' },
      { collection: 'service_users', item: adminId, comment: 42 },
      { collection: 'service_users', item: adminId, comment: 'x'.repeat(10_001) },
      { item: adminId, comment: 'no collection' },
      { collection: 'service_users', comment: 'no item' },
      [
        { collection: 'service_users', item: adminId, comment: 'fine' },
        { collection: 'service_users', item: adminId },
      ],
    ]) {
      const response = await as(null, 'POST', '/comments', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const made = await comment(ann, 'Stays put');
    expectError(await as(ann, 'PATCH', `/comments/${String(made.id)}`, { comment: '' }), 400, 'INVALID_PAYLOAD');
    expectError(await as(null, 'PATCH', `/comments/${String(made.id)}`, { item: 'elsewhere' }), 400, 'INVALID_PAYLOAD');
    expect(await count()).toBe(before + 1);
  });

  it('lets only the author (or an administrator) edit and delete, whatever a policy grants', async () => {
    const made = await comment(ann, 'Draft');
    const url = `/comments/${String(made.id)}`;
    expectError(await as(bob, 'PATCH', url, { comment: 'Hijack' }), 403, 'FORBIDDEN');
    expectError(await as(editor, 'PATCH', url, { comment: 'Hijack' }), 403, 'FORBIDDEN');
    expectError(await as(editor, 'DELETE', url), 403, 'FORBIDDEN');
    expectError(await as(bob, 'DELETE', url), 403, 'FORBIDDEN');

    const edited = await as(ann, 'PATCH', url, { comment: 'Final' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(dataOf<Row>(edited)).toMatchObject({ comment: 'Final', user_updated: ann.userId });
    expect(dataOf<Row>(edited).date_updated).not.toBeNull();
    expect(dataOf<Row>(await as(null, 'PATCH', url, { comment: 'Moderated' })).comment).toBe('Moderated');
    expect((await as(ann, 'DELETE', url)).statusCode).toBe(204);
    expectError(await as(null, 'GET', url), 403, 'FORBIDDEN');
  });

  it('updates and deletes in batches, each comment the caller’s own', async () => {
    const [a, b] = [await comment(ann, 'One'), await comment(ann, 'Two')];
    const other = await comment(bob, 'Bob’s');
    const keys = [a.id, b.id];
    const updated = await as(ann, 'PATCH', '/comments', { keys, data: { comment: 'Both' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(dataOf<Row[]>(updated).map((c) => c.comment)).toEqual(['Both', 'Both']);
    const batch = await as(ann, 'PATCH', '/comments', [
      { id: a.id, comment: 'First' },
      { id: b.id, comment: 'Second' },
    ]);
    expect(
      dataOf<Row[]>(batch)
        .map((c) => c.comment)
        .sort(),
    ).toEqual(['First', 'Second']);
    // One foreign key in the batch refuses all of it.
    expectError(await as(editor, 'PATCH', '/comments', { keys: [a.id, other.id], data: { comment: 'x' } }), 403, 'FORBIDDEN');
    expectError(await as(editor, 'DELETE', '/comments', [a.id, other.id]), 403, 'FORBIDDEN');
    expect(dataOf<Row>(await as(null, 'GET', `/comments/${String(a.id)}`)).comment).toBe('First');
    expect((await as(ann, 'DELETE', '/comments', keys)).statusCode).toBe(204);
    expect(dataOf<Row[]>(await as(null, 'GET', `/comments?filter[id][_in]=${String(a.id)},${String(b.id)}`))).toEqual([]);
  });

  it('notifies mentioned users who may read the item, and only them, by mail too', async () => {
    const made = await comment(ann, `Hey @${bob.userId} and @${carl.userId} and @00000000-0000-4000-8000-000000000000, look <b>here</b>`);
    const bobs = dataOf<Row[]>(await as(bob, 'GET', '/notifications?fields=subject,message,sender,collection,item&sort=-id&limit=1'));
    expect(bobs[0]).toMatchObject({
      subject: 'You were mentioned in service_users',
      sender: ann.userId,
      collection: 'service_users',
      item: adminId,
    });
    expect(bobs[0]!.message).toContain('Ann mentioned you in a comment');
    expect(bobs[0]!.message).toContain('look <b>here</b>');
    // Carl may not read the item: no notification for him.
    expect(dataOf<Row[]>(await as(carl, 'GET', '/notifications'))).toEqual([]);
    // The mention is stored as written.
    expect(made.comment).toContain(`@${bob.userId}`);
    await afterAnswer();
    await t.app.mailer.settled();
    const mail = smtp.messages.find((m) => m.subject === 'You were mentioned in service_users');
    expect(mail?.html).toContain('look &lt;b&gt;here&lt;/b&gt;');
  });

  it('records activity for comment writes, and serves GraphQL system fields', async () => {
    const made = await comment(ann, 'Audited');
    const rows = dataOf<Row[]>(
      await as(null, 'GET', `/activity?filter[collection][_eq]=service_comments&filter[item][_eq]=${String(made.id)}&fields=action,user`),
    );
    expect(rows).toEqual([{ action: 'create', user: ann.userId }]);
    const data = await gqlData<{ create_comments_item: Row }>(
      t,
      `mutation { create_comments_item(data: {collection: "service_users", item: "${adminId}", comment: "Via GraphQL"}) { comment } }`,
      { token: ann.token },
    );
    expect(data.create_comments_item).toEqual({ comment: 'Via GraphQL' });
    const own = await gqlData<{ comments: Row[] }>(t, '{ comments(limit: -1) { comment } }', { token: bob.token });
    expect(own.comments.map((c) => c.comment)).toEqual(['Bob’s']);
  });
});

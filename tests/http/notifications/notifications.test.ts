import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../../graphql/graphql-request.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { afterAnswer } from '../../setup/reset-mail.js';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server.js';

type Row = Record<string, unknown>;

/** `/notifications` (service_notifications): own inbox, archiving, permissions, bad input, mail, activity, GraphQL. */
describe('notifications', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let adminId: string;
  let ann: { token: string; userId: string };
  let bob: { token: string; userId: string };
  let api: { token: string; userId: string };

  const admin = async (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  const notify = async (body: Row) => {
    const response = await admin('POST', '/notifications', body);
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<Row>(response);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(smtp.env);
    adminId = dataOf<Row>(await admin('GET', '/users/me?fields=id')).id as string;
    ann = await t.userWith({ appAccess: true, email: `ann-${Date.now()}@example.com` });
    bob = await t.userWith({ appAccess: true, email: `bob-${Date.now()}@example.com` });
    api = await t.userWith({ appAccess: false });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('creates a notification signed by its creator, in the inbox, with a timestamp', async () => {
    const created = await notify({ recipient: ann.userId, subject: 'Hello', message: 'First', collection: 'service_users', item: adminId });
    expect(created).toMatchObject({ recipient: ann.userId, sender: adminId, status: 'inbox', subject: 'Hello', message: 'First' });
    expect(typeof created.id).toBe('number');
    expect(Number.isNaN(Date.parse(String(created.timestamp)))).toBe(false);
    // A named sender (or none: from the system) is kept.
    expect(await notify({ recipient: ann.userId, subject: 'System', sender: null })).toMatchObject({ sender: null });
  });

  it('lets a user read and archive only their own notifications, with the query language', async () => {
    const mine = await notify({ recipient: ann.userId, subject: 'For Ann', message: 'a' });
    const theirs = await notify({ recipient: bob.userId, subject: 'For Bob', message: 'b' });
    const list = dataOf<Row[]>(await t.request('GET', '/notifications?fields=id,recipient,subject&sort=-id', { token: ann.token }));
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((n) => n.recipient === ann.userId)).toBe(true);
    const filtered = await t.request('GET', `/notifications?filter[subject][_eq]=For Ann&fields=subject&meta=filter_count`, {
      token: ann.token,
    });
    expect(filtered.json()).toMatchObject({ data: [{ subject: 'For Ann' }], meta: { filter_count: 1 } });

    const archived = await t.request('PATCH', `/notifications/${String(mine.id)}`, { token: ann.token, body: { status: 'archived' } });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(dataOf<Row>(archived).status).toBe('archived');
    // Only the status: not the subject, not someone else's.
    expectError(
      await t.request('PATCH', `/notifications/${String(mine.id)}`, { token: ann.token, body: { subject: 'Changed' } }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await t.request('PATCH', `/notifications/${String(theirs.id)}`, { token: ann.token, body: { status: 'archived' } }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.request('GET', `/notifications/${String(theirs.id)}`, { token: ann.token }), 403, 'FORBIDDEN');
    expectError(await t.request('DELETE', `/notifications/${String(mine.id)}`, { token: ann.token }), 403, 'FORBIDDEN');
    expect(dataOf<Row>(await admin('GET', `/notifications/${String(theirs.id)}`)).status).toBe('inbox');
  });

  it('refuses anonymous callers, users without app access or a policy, and creating without a policy', async () => {
    const one = await notify({ recipient: api.userId, subject: 'For the API user' });
    expectError(await t.request('GET', '/notifications'), 403, 'FORBIDDEN');
    expectError(await t.request('GET', '/notifications', { token: api.token }), 403, 'FORBIDDEN');
    expectError(await t.request('GET', `/notifications/${String(one.id)}`, { token: api.token }), 403, 'FORBIDDEN');
    expectError(
      await t.request('POST', '/notifications', { token: ann.token, body: { recipient: bob.userId, subject: 'Spam' } }),
      403,
      'FORBIDDEN',
    );
  });

  it('lets a policy grant more: a user allowed to read every notification and create them', async () => {
    const clerk = await t.userWith({
      appAccess: true,
      permissions: [
        { collection: 'service_notifications', action: 'read', fields: ['*'] },
        { collection: 'service_notifications', action: 'create', fields: ['*'] },
      ],
    });
    await notify({ recipient: bob.userId, subject: 'Seen by the clerk' });
    const all = dataOf<Row[]>(await t.request('GET', '/notifications?fields=recipient&limit=-1', { token: clerk.token }));
    expect(new Set(all.map((n) => n.recipient))).toEqual(new Set([ann.userId, bob.userId, api.userId]));
    const sent = await t.request('POST', '/notifications', {
      token: clerk.token,
      body: { recipient: ann.userId, subject: 'From the clerk' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(dataOf<Row>(sent).sender).toBe(clerk.userId);
  });

  it('answers bad input with 400 and writes nothing', async () => {
    const before = dataOf<Row[]>(await admin('GET', '/notifications?aggregate[count]=*'));
    for (const body of [
      { subject: 'No recipient' },
      { recipient: ann.userId },
      { recipient: ann.userId, subject: '   ' },
      { recipient: ann.userId, subject: 'Bad status', status: 'deleted' },
      { recipient: ann.userId, subject: 'Bad recipient type', sender: 12 },
      { recipient: '00000000-0000-4000-8000-000000000000', subject: 'No such user' },
      [{ recipient: ann.userId, subject: 'Batch ok' }, { recipient: ann.userId }],
    ]) {
      const response = await admin('POST', '/notifications', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const one = await notify({ recipient: ann.userId, subject: 'Valid' });
    expectError(await admin('PATCH', `/notifications/${String(one.id)}`, { status: 'read' }), 400, 'INVALID_PAYLOAD');
    expectError(
      await t.request('PATCH', `/notifications/${String(one.id)}`, { token: ann.token, body: { status: 7 } }),
      400,
      'INVALID_PAYLOAD',
    );
    const after = dataOf<Row[]>(await admin('GET', '/notifications?aggregate[count]=*'));
    expect(Number((after[0]!.count as number) - (before[0]!.count as number))).toBe(1);
  });

  it('mails a notification for someone else when their email_notifications is on, as escaped text', async () => {
    await notify({
      recipient: ann.userId,
      subject: 'Review <b>please</b>',
      message: 'Look at <script>alert(1)</script>\n\nthanks',
      collection: 'service_users',
      item: adminId,
    });
    await t.app.mailer.settled();
    const mail = smtp.messages.find((m) => m.subject === 'Review <b>please</b>')!;
    expect(mail.to).toEqual([expect.stringMatching(/^ann-/)]);
    expect(mail.subject).toBe('Review <b>please</b>');
    expect(mail.text).toContain('Look at <script>alert(1)</script>');
    expect(mail.text).toContain(`/admin/content/service_users/${adminId}`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('sends no mail to a user who turned email_notifications off, nor for a notification to oneself', async () => {
    await admin('PATCH', `/users/${bob.userId}`, { email_notifications: false });
    await notify({ recipient: bob.userId, subject: 'Quiet' });
    await notify({ recipient: adminId, subject: 'To myself' });
    await notify({ recipient: ann.userId, subject: 'Marker' });
    // Every mail handed over has been taken by the server: the marker was mailed, neither of the two was.
    await afterAnswer();
    await t.app.mailer.settled();
    const subjects = smtp.messages.map((m) => m.subject);
    expect(subjects).toContain('Marker');
    expect(subjects).not.toContain('Quiet');
    expect(subjects).not.toContain('To myself');
  });

  it('records activity and revisions for writes', async () => {
    const one = await notify({ recipient: ann.userId, subject: 'Audited' });
    await t.request('PATCH', `/notifications/${String(one.id)}`, { token: ann.token, body: { status: 'archived' } });
    const rows = dataOf<Row[]>(
      await admin(
        'GET',
        `/activity?filter[collection][_eq]=service_notifications&filter[item][_eq]=${String(one.id)}&fields=action,user,revisions.delta&sort=id`,
      ),
    );
    expect(rows).toEqual([
      { action: 'create', user: adminId, revisions: [{ delta: expect.objectContaining({ subject: 'Audited' }) }] },
      { action: 'update', user: ann.userId, revisions: [{ delta: { status: 'archived' } }] },
    ]);
  });

  it('serves GraphQL system fields with the same rules', async () => {
    const data = await gqlData<{ create_notifications_item: Row }>(
      t,
      `mutation { create_notifications_item(data: {recipient: "${bob.userId}", subject: "Via GraphQL"}) { subject status } }`,
      { token: t.adminToken },
    );
    expect(data.create_notifications_item).toEqual({ subject: 'Via GraphQL', status: 'inbox' });
    const own = await gqlData<{ notifications: Row[] }>(t, '{ notifications(limit: -1) { recipient { id } } }', { token: bob.token });
    expect(own.notifications.length).toBeGreaterThan(0);
    expect(own.notifications.every((n) => (n.recipient as Row).id === bob.userId)).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';

describe('activity comments', () => {
  let t: TestApp;
  let adminId: string;
  let user: { token: string; userId: string };
  let other: { token: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp();
    const me = await t.request('GET', '/users/me?fields=id', { token: t.adminToken });
    adminId = me.json().data.id;
    // Users who may read the administrator's user record, so they may comment on it.
    const rule = { collection: 'service_users', action: 'read', fields: ['id'] };
    user = await t.userWith({ appAccess: true, permissions: [rule] });
    other = await t.userWith({ appAccess: true, permissions: [rule] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a comment row with action comment, the author and the text', async () => {
    const response = await t.request('POST', '/activity/comment', {
      token: user.token,
      body: { collection: 'service_users', item: adminId, comment: 'Hello' },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ action: 'comment', collection: 'service_users', item: adminId, comment: 'Hello', user: user.userId });
    // The id is the comment's (service_comments, decision 0080), and /comments has it too.
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    const comment = await t.request('GET', `/comments/${String(data.id)}`, { token: t.adminToken });
    expect(comment.json().data).toMatchObject({ collection: 'service_users', item: adminId, comment: 'Hello', user_created: user.userId });
  });

  it('lets the author edit and delete, and refuses anyone else with 403', async () => {
    const created = await t.request('POST', '/activity/comment', {
      token: user.token,
      body: { collection: 'service_users', item: adminId, comment: 'Draft' },
    });
    const id = created.json().data.id as string;

    const foreign = await t.request('PATCH', `/activity/comment/${id}`, { token: other.token, body: { comment: 'Hijack' } });
    expect(foreign.statusCode).toBe(403);
    const foreignDelete = await t.request('DELETE', `/activity/comment/${id}`, { token: other.token });
    expect(foreignDelete.statusCode).toBe(403);

    const edited = await t.request('PATCH', `/activity/comment/${id}`, { token: user.token, body: { comment: 'Final' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.comment).toBe('Final');

    const removed = await t.request('DELETE', `/activity/comment/${id}`, { token: user.token });
    expect(removed.statusCode).toBe(204);
    const gone = await t.request('GET', `/comments/${id}`, { token: t.adminToken });
    expect(gone.statusCode).toBe(403);
  });

  it("lets an administrator delete anyone's comment", async () => {
    const created = await t.request('POST', '/activity/comment', {
      token: user.token,
      body: { collection: 'service_users', item: adminId, comment: 'Spam' },
    });
    const response = await t.request('DELETE', `/activity/comment/${created.json().data.id}`, { token: t.adminToken });
    expect(response.statusCode).toBe(204);
  });

  it('refuses anonymous callers, items the caller cannot read, and bad bodies', async () => {
    const anonymous = await t.request('POST', '/activity/comment', { body: { collection: 'service_users', item: adminId, comment: 'x' } });
    expect(anonymous.statusCode).toBe(403);
    const unreadable = await t.request('POST', '/activity/comment', {
      token: user.token,
      body: { collection: 'service_roles', item: '00000000-0000-0000-0000-000000000000', comment: 'x' },
    });
    expect(unreadable.statusCode).toBe(403);
    for (const body of [
      { collection: 'service_users', item: adminId },
      { collection: 'service_users', item: adminId, comment: '' },
      { item: adminId, comment: 'x' },
      [1, 2],
    ]) {
      const response = await t.request('POST', '/activity/comment', { token: user.token, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].extensions.code).toBe('INVALID_PAYLOAD');
    }
    const notComment = await t.request('PATCH', '/activity/comment/1', { token: t.adminToken, body: { comment: 'x' } });
    expect(notComment.statusCode).toBe(403);
    const extra = await t.request('PATCH', '/activity/comment/1', { token: t.adminToken, body: { comment: 'x', action: 'login' } });
    expect(extra.statusCode).toBe(400);
  });

  it('keeps /activity itself read-only', async () => {
    for (const [method, url] of [
      ['POST', '/activity'],
      ['PATCH', '/activity/1'],
      ['DELETE', '/activity/1'],
    ] as const) {
      const response = await t.request(method, url, { token: t.adminToken, body: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0].extensions.code).toBe('ROUTE_NOT_FOUND');
    }
  });
});

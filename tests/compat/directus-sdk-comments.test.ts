import {
  createComment,
  createComments,
  createDirectus,
  deleteComment,
  deleteComments,
  readComment,
  readComments,
  readNotifications,
  rest,
  staticToken,
  updateComment,
  updateComments,
} from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';

/** The comment commands of the official @directus/sdk (Directus 11's /comments) against a listening server. */
describe('@directus/sdk comment commands', () => {
  let t: TestApp;
  let url = '';
  let adminId = '';
  let ann: { token: string; userId: string };
  let bob: { token: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    adminId = (await t.request('GET', '/users/me?fields=id', { token: t.adminToken })).json().data.id as string;
    const readUsers = { collection: 'service_users', action: 'read', fields: ['id'] };
    ann = await t.userWith({ appAccess: true, permissions: [readUsers] });
    bob = await t.userWith({ appAccess: true, permissions: [readUsers] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, reads, updates and deletes comments (one and many), mentions notify', async () => {
    const client = createDirectus(url).with(staticToken(ann.token)).with(rest());
    const on = { collection: 'service_users', item: adminId };
    const one = await client.request(createComment({ ...on, comment: `Hello @${bob.userId}` }));
    expect(one).toMatchObject({ ...on, comment: `Hello @${bob.userId}`, user_created: ann.userId });
    const many = await client.request(
      createComments([
        { ...on, comment: 'Two' },
        { ...on, comment: 'Three' },
      ]),
    );
    expect(many.map((c) => c.comment).sort()).toEqual(['Three', 'Two']);
    expect(await client.request(readComment(one.id, { fields: ['comment'] }))).toEqual({ comment: `Hello @${bob.userId}` });
    expect(await client.request(updateComment(one.id, { comment: 'Hello' }, { fields: ['comment'] }))).toEqual({ comment: 'Hello' });
    await client.request(updateComments([many[0]!.id, many[1]!.id], { comment: 'Same' }));
    const list = await client.request(readComments({ filter: { item: { _eq: adminId } }, fields: ['comment'], sort: ['comment'] }));
    expect(list).toEqual([{ comment: 'Hello' }, { comment: 'Same' }, { comment: 'Same' }]);

    const bobs = createDirectus(url).with(staticToken(bob.token)).with(rest());
    expect(await bobs.request(readNotifications({ fields: ['subject', 'item'] }))).toEqual([
      { subject: 'You were mentioned in service_users', item: adminId },
    ]);
    await expect(bobs.request(deleteComment(one.id))).rejects.toMatchObject({ errors: [{ extensions: { code: 'FORBIDDEN' } }] });

    await client.request(deleteComment(one.id));
    await client.request(deleteComments([many[0]!.id, many[1]!.id]));
    expect(await client.request(readComments())).toEqual([]);
  });
});

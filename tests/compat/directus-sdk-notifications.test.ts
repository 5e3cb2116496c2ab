import {
  createDirectus,
  createNotification,
  createNotifications,
  deleteNotification,
  deleteNotifications,
  readNotification,
  readNotifications,
  rest,
  staticToken,
  updateNotification,
  updateNotifications,
  updateNotificationsBatch,
} from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';

/** The notification commands of the official @directus/sdk against a listening server. */
describe('@directus/sdk notification commands', () => {
  let t: TestApp;
  let url = '';
  let user: { token: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    user = await t.userWith({ appAccess: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, reads, updates (one, many, batch) and deletes notifications; a user archives their own', async () => {
    const admin = createDirectus(url).with(staticToken(t.adminToken)).with(rest());
    const mine = createDirectus(url).with(staticToken(user.token)).with(rest());
    const one = await admin.request(createNotification({ recipient: user.userId, subject: 'One', message: 'Hi' }));
    expect(one).toMatchObject({ recipient: user.userId, subject: 'One', status: 'inbox' });
    const two = await admin.request(
      createNotifications([
        { recipient: user.userId, subject: 'Two' },
        { recipient: user.userId, subject: 'Three' },
      ]),
    );
    expect(two.map((n) => n.subject)).toEqual(['Two', 'Three']);

    const inbox = await mine.request(readNotifications({ filter: { status: { _eq: 'inbox' } }, fields: ['subject'], sort: ['id'] }));
    expect(inbox).toEqual([{ subject: 'One' }, { subject: 'Two' }, { subject: 'Three' }]);
    expect(await mine.request(updateNotification(one.id, { status: 'archived' }, { fields: ['status'] }))).toEqual({ status: 'archived' });
    await mine.request(updateNotifications([two[0]!.id], { status: 'archived' }));
    await admin.request(updateNotificationsBatch([{ id: two[1]!.id, subject: 'Three (edited)' }]));
    expect(await mine.request(readNotification(two[1]!.id, { fields: ['subject', 'status'] }))).toEqual({
      subject: 'Three (edited)',
      status: 'inbox',
    });
    await expect(mine.request(deleteNotification(one.id))).rejects.toMatchObject({ errors: [{ extensions: { code: 'FORBIDDEN' } }] });

    await admin.request(deleteNotification(one.id));
    await admin.request(deleteNotifications([two[0]!.id, two[1]!.id]));
    expect(await mine.request(readNotifications())).toEqual([]);
  });
});

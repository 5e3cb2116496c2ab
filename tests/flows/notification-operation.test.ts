import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../src/modules/mail/index.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { createFlow } from './flow-fixture.js';

type Row = Record<string, unknown>;

/** The flows `notification` operation: recipients, templates, the permissions option, checks when saved. */
describe('flows notification operation', () => {
  let t: TestApp;
  const mail: MailMessage[] = [];
  let adminId: string;
  let ann: { token: string; userId: string };
  let bob: { token: string; userId: string };
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  const notificationsOf = async (userId: string) =>
    dataOf<Row[]>(
      await admin('GET', `/notifications?filter[recipient][_eq]=${userId}&fields=subject,message,sender,collection,item&sort=id`),
    );

  beforeAll(async () => {
    t = await createTestApp(
      {},
      { mailer: { send: (message) => void mail.push(message), settled: () => Promise.resolve(), close: () => Promise.resolve() } },
    );
    adminId = String(dataOf<Row>(await admin('GET', '/users/me?fields=id')).id);
    ann = await t.userWith({ appAccess: true });
    bob = await t.userWith({ appAccess: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('notifies each recipient (a list from the data chain) as the trigger, with templated subject and message', async () => {
    const id = await createFlow(t, { name: 'Notify', trigger: 'webhook', options: { method: 'POST' } }, [
      {
        key: 'tell',
        type: 'notification',
        options: {
          recipient: '{{ $trigger.body.to }}',
          subject: 'Order {{ $trigger.body.order }}',
          message: 'Shipped to {{ $trigger.body.city }}',
          collection: 'service_users',
          item: '{{ $trigger.body.about }}',
        },
      },
    ]);
    const answer = await t.request('POST', `/flows/trigger/${id}`, {
      token: t.adminToken,
      body: { to: `${ann.userId},${bob.userId}`, order: 7, city: 'Lyon', about: adminId },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(dataOf<unknown[]>(answer)).toHaveLength(2);
    for (const who of [ann, bob]) {
      expect(await notificationsOf(who.userId)).toEqual([
        { subject: 'Order 7', message: 'Shipped to Lyon', sender: adminId, collection: 'service_users', item: adminId },
      ]);
    }
    // Through the notifications' own rules: each is mailed to its recipient.
    expect(mail.filter((m) => m.subject === 'Order 7')).toHaveLength(2);
  });

  it('acts with the trigger’s rules by default (refused without them) and with none under $full', async () => {
    const options = { recipient: ann.userId, subject: 'Hello' };
    const asTrigger = await createFlow(t, { name: 'As trigger', trigger: 'webhook' }, [{ key: 'tell', type: 'notification', options }]);
    expectError(await t.request('GET', `/flows/trigger/${asTrigger}`, { token: bob.token }), 403, 'FORBIDDEN');
    expectError(await t.request('GET', `/flows/trigger/${asTrigger}`), 403, 'FORBIDDEN');
    const full = await createFlow(t, { name: 'Full', trigger: 'webhook' }, [
      { key: 'tell', type: 'notification', options: { ...options, subject: 'From the system', permissions: '$full' } },
    ]);
    expect((await t.request('GET', `/flows/trigger/${full}`)).statusCode).toBe(200);
    expect(await notificationsOf(ann.userId)).toContainEqual(expect.objectContaining({ subject: 'From the system', sender: null }));
  });

  it('refuses bad options when saved, and fails the run on a recipient who does not exist', async () => {
    const flow = await createFlow(t, { name: 'Checked', trigger: 'webhook' });
    for (const options of [
      { subject: 'No recipient' },
      { recipient: [], subject: 'x' },
      { recipient: ann.userId, permissions: '$everyone' },
    ]) {
      const response = await admin('POST', '/operations', { flow, key: 'n', type: 'notification', options, position_x: 1, position_y: 1 });
      expectError(response, 400, 'INVALID_PAYLOAD');
    }
    const ghost = await createFlow(t, { name: 'Ghost', trigger: 'webhook' }, [
      { key: 'tell', type: 'notification', options: { recipient: '00000000-0000-4000-8000-000000000000', subject: 'Nobody' } },
    ]);
    const failed = await t.request('GET', `/flows/trigger/${ghost}`, { token: t.adminToken });
    expect(failed.statusCode).toBe(400);
    const noSubject = await createFlow(t, { name: 'No subject', trigger: 'webhook' }, [
      { key: 'tell', type: 'notification', options: { recipient: ann.userId } },
    ]);
    expectError(await t.request('GET', `/flows/trigger/${noSubject}`, { token: t.adminToken }), 400, 'INVALID_PAYLOAD');
  });
});

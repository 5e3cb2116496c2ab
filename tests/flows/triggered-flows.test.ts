import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../src/modules/mail/index.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';
import { createFlow } from './flow-fixture.js';

type Row = Record<string, unknown>;

/**
 * Webhook, manual and operation triggers, the data chain and the operations that need no sandbox: templates,
 * `$env` from the allow-list only, resolve/reject, the step bound, item operations with the trigger's rules,
 * mail, sleep (capped) and the record of a run.
 */
describe('webhook, manual and operation flows', () => {
  let t: TestApp;
  const mail: MailMessage[] = [];
  const slept: number[] = [];
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });

  beforeAll(async () => {
    t = await createTestApp(
      {
        FLOWS_ENV_ALLOW_LIST: 'FLOW_TEST_VISIBLE',
        FLOW_TEST_VISIBLE: 'shown',
        FLOW_TEST_HIDDEN: 'secret',
        FLOWS_MAX_STEPS: '20',
        FLOWS_SLEEP_MAX: '1s',
      },
      {
        mailer: { send: (message) => void mail.push(message), settled: () => Promise.resolve(), close: () => Promise.resolve() },
        flowSleep: (ms) => {
          slept.push(ms);
          return Promise.resolve();
        },
      },
    );
    await seedCollections(t.app);
    await admin('POST', '/items/articles', { title: 'Secret plan', status: 'draft' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a GET webhook with $last, a POST one with $all or a key, and refuses another method', async () => {
    const get = await createFlow(t, { name: 'Get', trigger: 'webhook', options: { method: 'GET' } }, [
      { key: 'echo', type: 'transform', options: { json: { q: '{{ $trigger.query.q }}', method: '{{ $trigger.method }}' } } },
    ]);
    expect(dataOf(await t.request('GET', `/flows/trigger/${get}?q=hi`))).toEqual({ q: 'hi', method: 'GET' });
    expectError(await t.request('POST', `/flows/trigger/${get}`, { body: {} }), 403, 'FORBIDDEN');

    const post = await createFlow(t, { name: 'Post', trigger: 'webhook', options: { method: 'POST', return: 'first' } }, [
      { key: 'first', type: 'transform', options: { json: '{"n": {{ $trigger.body.n }}}' }, resolve: 'second' },
      { key: 'second', type: 'transform', options: { json: 'later' } },
    ]);
    expect(dataOf(await t.request('POST', `/flows/trigger/${post}`, { body: { n: 4 } }))).toEqual({ n: 4 });
    await admin('PATCH', `/flows/${post}`, { options: { method: 'POST', return: '$all' } });
    const all = dataOf<Row>(await t.request('POST', `/flows/trigger/${post}`, { body: { n: 5 }, token: t.adminToken }));
    expect(all).toMatchObject({ first: { n: 5 }, second: 'later', $last: 'later' });
    expect(all).not.toHaveProperty('$env');
    // The caller's credentials never reach the flow's data.
    expect(JSON.stringify(all)).not.toContain(t.adminToken);
  });

  it('refuses a missing, inactive or non-webhook flow with 403', async () => {
    expectError(await t.request('GET', '/flows/trigger/4f7a2f0e-1111-4f6c-9a53-000000000000'), 403, 'FORBIDDEN');
    const off = await createFlow(t, { name: 'Off', trigger: 'webhook', status: 'inactive' });
    expectError(await t.request('GET', `/flows/trigger/${off}`), 403, 'FORBIDDEN');
    const op = await createFlow(t, { name: 'Op only', trigger: 'operation' });
    expectError(await t.request('GET', `/flows/trigger/${op}`), 403, 'FORBIDDEN');
  });

  it('gives $env only the allow-listed variables', async () => {
    const id = await createFlow(t, { name: 'Env', trigger: 'webhook' }, [
      { key: 'env', type: 'transform', options: { json: '{{ $env }}' } },
    ]);
    expect(dataOf(await t.request('GET', `/flows/trigger/${id}`))).toEqual({ FLOW_TEST_VISIBLE: 'shown' });
  });

  it('follows reject when a condition fails or an operation throws, and fails the webhook when nothing follows', async () => {
    const id = await createFlow(t, { name: 'Branch', trigger: 'webhook', options: { method: 'POST' } }, [
      { key: 'check', type: 'condition', options: { filter: { $trigger: { body: { ok: { _eq: true } } } } }, resolve: 'yes', reject: 'no' },
      { key: 'yes', type: 'transform', options: { json: 'passed' } },
      { key: 'no', type: 'throw-error', options: { message: 'Not ok' } },
    ]);
    expect(dataOf(await t.request('POST', `/flows/trigger/${id}`, { body: { ok: true } }))).toBe('passed');
    const failed = expectError(await t.request('POST', `/flows/trigger/${id}`, { body: { ok: false } }), 400, 'INVALID_PAYLOAD');
    expect(failed.message).toContain('Not ok');
  });

  it("answers 400, not 500, when an item operation's payload renders to text that is not JSON", async () => {
    const id = await createFlow(t, { name: 'Bad payload', trigger: 'webhook', options: { method: 'POST' } }, [
      { key: 'make', type: 'item-create', options: { collection: 'articles', payload: '{{ $trigger.body.text }}' } },
    ]);
    const refused = expectError(await t.request('POST', `/flows/trigger/${id}`, { body: { text: '{not json' } }), 400, 'INVALID_PAYLOAD');
    expect(refused.message).toContain('not valid JSON');
  });

  it('stops a cycle through resolve at FLOWS_MAX_STEPS', async () => {
    const id = await createFlow(t, { name: 'Cycle', trigger: 'webhook' }, [
      { key: 'a', type: 'log', options: { message: 'a' }, resolve: 'b' },
      { key: 'b', type: 'log', options: { message: 'b' }, resolve: 'a' },
    ]);
    const stopped = expectError(await t.request('GET', `/flows/trigger/${id}`), 400, 'INVALID_PAYLOAD');
    expect(stopped.message).toContain('more than 20 operations');
  });

  it('runs item operations with the caller’s rules by default, and with no rules under $full', async () => {
    const reader = await createFlow(t, { name: 'Reader', trigger: 'webhook' }, [
      { key: 'read', type: 'item-read', options: { collection: 'articles', query: { fields: ['title'] } } },
    ]);
    const user = await t.userWith({ permissions: [] });
    expectError(await t.request('GET', `/flows/trigger/${reader}`, { token: user.token }), 403, 'FORBIDDEN');
    expectError(await t.request('GET', `/flows/trigger/${reader}`), 403, 'FORBIDDEN');
    expect(dataOf(await t.request('GET', `/flows/trigger/${reader}`, { token: t.adminToken }))).toEqual([{ title: 'Secret plan' }]);
    const full = await createFlow(t, { name: 'Full', trigger: 'webhook' }, [
      { key: 'read', type: 'item-read', options: { collection: 'articles', permissions: '$full', query: { fields: ['title'] } } },
    ]);
    expect(dataOf(await t.request('GET', `/flows/trigger/${full}`, { token: user.token }))).toEqual([{ title: 'Secret plan' }]);
  });

  it('runs item operations with a role’s rules when permissions names a role', async () => {
    const open = dataOf<Row>(await admin('POST', '/items/articles', { title: 'Open letter', status: 'published' }));
    const limited = await t.userWith({
      permissions: [{ collection: 'articles', action: 'read', fields: ['title'], permissions: { status: { _eq: 'published' } } }],
    });
    const reader = await createFlow(t, { name: 'As role', trigger: 'webhook' }, [
      { key: 'read', type: 'item-read', options: { collection: 'articles', permissions: limited.roleId, query: { fields: ['title'] } } },
    ]);
    // An administrator calls it, yet the read sees only the rows the role may read.
    expect(dataOf(await t.request('GET', `/flows/trigger/${reader}`, { token: t.adminToken }))).toEqual([{ title: 'Open letter' }]);
    // Fields outside the role's are refused as for a caller with that role.
    const wide = await createFlow(t, { name: 'As role, wide', trigger: 'webhook' }, [
      { key: 'read', type: 'item-read', options: { collection: 'articles', permissions: limited.roleId, query: { fields: ['status'] } } },
    ]);
    expectError(await t.request('GET', `/flows/trigger/${wide}`, { token: t.adminToken }), 403, 'FORBIDDEN');
    expect((await admin('DELETE', `/items/articles/${String(open.id)}`)).statusCode).toBe(204);
  });

  it('runs item operations with a policy’s rules alone when permissions names a policy', async () => {
    const open = dataOf<Row>(await admin('POST', '/items/articles', { title: 'Policy letter', status: 'published' }));
    const limited = await t.userWith({
      permissions: [{ collection: 'articles', action: 'read', fields: ['title'], permissions: { status: { _eq: 'published' } } }],
    });
    const reader = await createFlow(t, { name: 'As policy', trigger: 'webhook' }, [
      { key: 'read', type: 'item-read', options: { collection: 'articles', permissions: limited.policyId, query: { fields: ['title'] } } },
    ]);
    // An anonymous caller, yet the read sees the rows the policy may read, and only those.
    expect(dataOf(await t.request('GET', `/flows/trigger/${reader}`))).toEqual([{ title: 'Policy letter' }]);
    const writer = await createFlow(t, { name: 'As policy, write', trigger: 'webhook' }, [
      { key: 'write', type: 'item-create', options: { collection: 'articles', permissions: limited.policyId, payload: { title: 'x' } } },
    ]);
    expectError(await t.request('GET', `/flows/trigger/${writer}`, { token: t.adminToken }), 403, 'FORBIDDEN');
    // A policy deleted since fails the step when the flow runs.
    expect((await admin('DELETE', `/policies/${limited.policyId}`)).statusCode).toBe(204);
    expectError(await t.request('GET', `/flows/trigger/${reader}`), 400, 'INVALID_PAYLOAD');
    expect((await admin('DELETE', `/items/articles/${String(open.id)}`)).statusCode).toBe(204);
  });

  it('runs a manual flow only on its collections and items the caller may read', async () => {
    const id = await createFlow(t, { name: 'Button', trigger: 'manual', options: { collections: ['articles'] } }, [
      { key: 'keys', type: 'transform', options: { json: '{{ $trigger.body.keys }}' } },
    ]);
    const key = (await t.app.knex('articles').first('id'))!.id as number;
    expect(dataOf(await admin('POST', `/flows/trigger/${id}`, { collection: 'articles', keys: [key] }))).toEqual([key]);
    expectError(await admin('POST', `/flows/trigger/${id}`, { collection: 'authors', keys: [1] }), 403, 'FORBIDDEN');
    const user = await t.userWith({ permissions: [] });
    expectError(
      await t.request('POST', `/flows/trigger/${id}`, { token: user.token, body: { collection: 'articles', keys: [key] } }),
      403,
      'FORBIDDEN',
    );
  });

  it("runs a manual flow on a system collection named either way (Directus's directus_users or service_users)", async () => {
    const id = await createFlow(t, { name: 'Users button', trigger: 'manual', options: { collections: ['directus_users'] } }, [
      { key: 'keys', type: 'transform', options: { json: '{{ $trigger.body.keys }}' } },
    ]);
    const me = dataOf<Record<string, unknown>>(await admin('GET', '/users/me')).id;
    expect(dataOf(await admin('POST', `/flows/trigger/${id}`, { collection: 'service_users', keys: [me] }))).toEqual([me]);
    expect(dataOf(await admin('POST', `/flows/trigger/${id}`, { collection: 'directus_users', keys: [me] }))).toEqual([me]);
    expectError(await admin('POST', `/flows/trigger/${id}`, { collection: 'service_roles', keys: [] }), 403, 'FORBIDDEN');
  });

  it('runs another flow through a trigger operation, once per element of an array payload', async () => {
    const double = await createFlow(t, { name: 'Double', trigger: 'operation' }, [
      { key: 'twice', type: 'transform', options: { json: '{"v": {{ $trigger.n }}, "again": {{ $trigger.n }}}' } },
    ]);
    const caller = await createFlow(t, { name: 'Caller', trigger: 'webhook', options: { method: 'POST' } }, [
      { key: 'call', type: 'trigger', options: { flow: double, payload: '{{ $trigger.body.items }}', iterationMode: 'serial' } },
    ]);
    const answer = dataOf(await t.request('POST', `/flows/trigger/${caller}`, { body: { items: [{ n: 1 }, { n: 2 }] } }));
    expect(answer).toEqual([
      { v: 1, again: 1 },
      { v: 2, again: 2 },
    ]);
  });

  it('stops flows that trigger each other in a cycle at the depth bound', async () => {
    const loop = await createFlow(t, { name: 'Loop', trigger: 'operation' });
    const ops = dataOf<Row>(await admin('POST', '/operations', { flow: loop, key: 'again', type: 'trigger', options: { flow: loop } }));
    await admin('PATCH', `/flows/${loop}`, { operation: ops.id });
    const caller = await createFlow(t, { name: 'Start loop', trigger: 'webhook' }, [
      { key: 'go', type: 'trigger', options: { flow: loop } },
    ]);
    const stopped = expectError(await t.request('GET', `/flows/trigger/${caller}`), 400, 'INVALID_PAYLOAD');
    expect(stopped.message).toContain('deep');
  });

  it('sends mail through the mailer with sanitised HTML, and caps sleep at FLOWS_SLEEP_MAX', async () => {
    const id = await createFlow(t, { name: 'Mail', trigger: 'webhook', options: { method: 'POST' } }, [
      { key: 'nap', type: 'sleep', options: { milliseconds: 60_000 }, resolve: 'send' },
      {
        key: 'send',
        type: 'mail',
        options: { to: 'a@example.com, b@example.com', subject: 'Hi {{ $trigger.body.name }}', body: '{{ $trigger.body.name }}' },
      },
    ]);
    mail.length = 0;
    await t.request('POST', `/flows/trigger/${id}`, { body: { name: '<script>x</script>' } });
    expect(slept).toEqual([1000]);
    expect(mail.map((m) => m.to)).toEqual(['a@example.com', 'b@example.com']);
    expect(mail[0]!.subject).toBe('Hi <script>x</script>');
    expect(mail[0]!.html).not.toContain('<script');
  });

  it('records a run in activity (and its steps in a revision with accountability all)', async () => {
    const id = await createFlow(t, { name: 'Logged', trigger: 'webhook', accountability: 'all' }, [
      { key: 'one', type: 'transform', options: { json: { a: 1 } } },
    ]);
    const plain = await createFlow(t, { name: 'Unlogged', trigger: 'webhook', accountability: null }, [{ key: 'one', type: 'log' }]);
    await t.request('GET', `/flows/trigger/${id}`, { token: t.adminToken });
    await t.request('GET', `/flows/trigger/${plain}`, { token: t.adminToken });
    const runs = dataOf<Row[]>(
      await admin('GET', `/activity?filter[action][_eq]=run&filter[collection][_eq]=service_flows&fields=item,revisions.data`),
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]!.item).toBe(id);
    const revision = (runs[0]!.revisions as { data: { steps: Row[]; data: Row } }[])[0]!;
    expect(revision.data.steps).toEqual([expect.objectContaining({ key: 'one', status: 'resolve', data: { a: 1 } })]);
    expect(revision.data.data).not.toHaveProperty('$env');
  });

  it('runs an exec script over the data chain, follows reject when it throws, and gives it no process', async () => {
    const id = await createFlow(t, { name: 'Script', trigger: 'webhook', options: { method: 'POST' } }, [
      {
        key: 'calc',
        type: 'exec',
        options: { code: 'module.exports = async (data) => ({ total: data.$trigger.body.a * 10 });' },
        resolve: 'probe',
      },
      {
        key: 'probe',
        type: 'exec',
        options: {
          code: 'module.exports = (data) => { if (data.calc.total > 100) throw new Error("too big"); return [typeof process, typeof require, typeof fetch, data.$last.total]; };',
        },
      },
    ]);
    expect(dataOf(await t.request('POST', `/flows/trigger/${id}`, { body: { a: 4 } }))).toEqual([
      'undefined',
      'undefined',
      'undefined',
      40,
    ]);
    const refused = expectError(await t.request('POST', `/flows/trigger/${id}`, { body: { a: 40 } }), 400, 'INVALID_PAYLOAD');
    expect(refused.message).toContain('too big');
    expectError(
      await admin('POST', '/operations', { flow: id, key: 'empty', type: 'exec', options: { code: '' } }),
      400,
      'INVALID_PAYLOAD',
    );
  });

  it('masks a concealed value of the payload, and its copies, in the run record', async () => {
    const id = await createFlow(
      t,
      { name: 'Users', trigger: 'event', accountability: 'all', options: { type: 'filter', scope: ['users.create'] } },
      [{ key: 'copy', type: 'transform', options: { json: { copied: 'pw={{ $trigger.payload.password }}' } } }],
    );
    const created = await admin('POST', '/users', { email: 'masked@example.com', password: 'VerySecret-123!' });
    expect(created.statusCode, created.body).toBe(200);
    const runs = t.app.knex('service_activity').where({ action: 'run', item: id }).select('id');
    const revisions = await t.app.knex('service_revisions').whereIn('activity', runs);
    expect(revisions).toHaveLength(1);
    const text = JSON.stringify(revisions[0]);
    expect(text).not.toContain('VerySecret-123!');
    expect(text).toContain('masked@example.com');
    await admin('DELETE', `/flows/${id}`);
  });

  it('runs an async webhook in the background and answers at once', async () => {
    const id = await createFlow(t, { name: 'Later', trigger: 'webhook', options: { async: true } }, [
      { key: 'note', type: 'item-create', options: { collection: 'comments', permissions: '$full', payload: { body: 'async run' } } },
    ]);
    const answer = await t.request('GET', `/flows/trigger/${id}`);
    expect(answer.statusCode).toBe(204);
    await expect.poll(() => t.app.knex('comments').where({ body: 'async run' }).pluck('body')).toEqual(['async run']);
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp-server.js';
import { createFlow } from './flow-fixture.js';

type Row = Record<string, unknown>;

/**
 * The `mail` operation's types against a real SMTP server: markdown rendered and sanitised, wysiwyg HTML
 * sanitised, and Liquid templates from EMAIL_TEMPLATES_PATH with `data` (values escaped).
 */
describe('mail operation: markdown, wysiwyg and templates', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let folder: string;
  let sent = 0;
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'stratum-mail-templates-'));
    await writeFile(
      join(folder, 'welcome.liquid'),
      '<h1>Welcome {{ name }}</h1><ul>{% for item in items %}<li>{{ item | upcase }}</li>{% endfor %}</ul><p>{{ note | raw }}</p>',
    );
    await writeFile(join(folder, 'broken.liquid'), '{% for x in %}');
    smtp = await startSmtpServer();
    t = await createTestApp({ ...smtp.env, EMAIL_TEMPLATES_PATH: folder });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  /** Runs a one-operation mail flow with `options` and answers the message the SMTP server received. */
  const send = async (options: Row, body: Row = {}) => {
    const id = await createFlow(t, { name: 'Mail', trigger: 'webhook', options: { method: 'POST' } }, [
      { key: 'send', type: 'mail', options: { to: 'reader@example.com', subject: 'Note', ...options } },
    ]);
    const answer = await t.request('POST', `/flows/trigger/${id}`, { body });
    expect(answer.statusCode, answer.body).toBe(200);
    sent += 1;
    return smtp.waitForMessage(sent);
  };

  it('renders a markdown body (the default type) to sanitised HTML, the markdown as the text part', async () => {
    const mail = await send(
      {
        body: '# Hello {{ $trigger.body.name }}\n\n**bold** <script>alert(1)</script> [click](javascript:alert(2)) [ok](https://example.com)',
      },
      { name: 'Ann' },
    );
    expect(mail.to).toEqual(['reader@example.com']);
    expect(mail.html).toContain('<h1>Hello Ann</h1>');
    expect(mail.html).toContain('<strong>bold</strong>');
    expect(mail.html).toContain('href="https://example.com"');
    for (const hostile of ['<script', 'alert(1)', 'javascript:']) expect(mail.html).not.toContain(hostile);
    expect(mail.text).toContain('# Hello Ann');
  });

  it('sanitises a wysiwyg body: no handlers, scripts or styles', async () => {
    const mail = await send({
      type: 'wysiwyg',
      body: '<p onclick="steal()">Hi <b>there</b></p><img src="x" onerror="steal()"><style>p{}</style>',
    });
    expect(mail.html).toContain('<p>Hi <b>there</b></p>');
    for (const hostile of ['onclick', 'onerror', '<style', 'steal()']) expect(mail.html).not.toContain(hostile);
    expect(mail.text).toContain('Hi there');
  });

  it('renders a template of EMAIL_TEMPLATES_PATH with data, escaping values unless the template says raw', async () => {
    const mail = await send(
      {
        type: 'template',
        template: 'welcome',
        data: { name: '{{ $trigger.body.name }}', items: ['a', 'b'], note: '<i>trusted</i>' },
      },
      { name: '<b>Eve</b>' },
    );
    expect(mail.html).toContain('<h1>Welcome &lt;b&gt;Eve&lt;/b&gt;</h1>');
    expect(mail.html).toContain('<li>A</li><li>B</li>');
    expect(mail.html).toContain('<i>trusted</i>');
    expect(mail.text).toContain('Welcome <b>Eve</b>');
  });

  it('renders the built-in base template with its html sanitised when none is named', async () => {
    const mail = await send({ type: 'template', data: { html: '<p>Base body</p><script>bad()</script>' } });
    expect(mail.html).toContain('<p>Base body</p>');
    expect(mail.html).not.toContain('bad()');
  });

  it('fails the step (400, reject) on a missing or broken template, and sends nothing', async () => {
    const missing = await createFlow(t, { name: 'Missing', trigger: 'webhook' }, [
      { key: 'send', type: 'mail', options: { to: 'x@example.com', type: 'template', template: 'nowhere' } },
    ]);
    const refused = expectError(await t.request('GET', `/flows/trigger/${missing}`), 400, 'INVALID_PAYLOAD');
    expect(refused.message).toContain('nowhere');
    expect(refused.message).not.toContain(folder);
    const broken = await createFlow(t, { name: 'Broken', trigger: 'webhook' }, [
      { key: 'send', type: 'mail', options: { to: 'x@example.com', type: 'template', template: 'broken' } },
    ]);
    expectError(await t.request('GET', `/flows/trigger/${broken}`), 400, 'INVALID_PAYLOAD');
    expect(smtp.messages).toHaveLength(sent);
  });

  it('refuses bad options when saved (400) and a non-administrator without a grant (403)', async () => {
    const id = dataOf<Row>(await admin('POST', '/flows', { name: 'Bad mail', trigger: 'operation' })).id;
    const op = (key: string, options: Row) => admin('POST', '/operations', { flow: id, key, type: 'mail', options });
    expectError(await op('a', { to: 'x@example.com', type: 'pdf' }), 400, 'INVALID_PAYLOAD');
    expectError(await op('b', { to: 'x@example.com', type: 'template', template: '../../etc/passwd' }), 400, 'INVALID_PAYLOAD');
    expectError(await op('c', { to: 'x@example.com', type: 'template', data: 42 }), 400, 'INVALID_PAYLOAD');
    expectError(await op('d', { type: 'markdown', body: 'x' }), 400, 'INVALID_PAYLOAD');
    const user = await t.userWith({ appAccess: true });
    const refused = await t.request('POST', '/operations', {
      token: user.token,
      body: { flow: id, key: 'e', type: 'mail', options: { to: 'x@example.com' } },
    });
    expectError(refused, 403, 'FORBIDDEN');
  });
});

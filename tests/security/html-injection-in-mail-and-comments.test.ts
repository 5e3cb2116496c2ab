import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp-server.js';

/**
 * Threat: markup chosen by an attacker reaching a reader as HTML: in the password-reset mail (a user's name, an
 * e-mail address with quotes, or the query of an allowed `reset_url`, which may differ from the listed one) or in
 * comments (stored as written and shown by the admin app). The mail's HTML part escapes everything it
 * interpolates and names nobody (an address with `<>` is not deliverable: mail libraries read them as delimiters); the admin app renders data as text only (no raw-HTML sink in its source but the markdown preview's, which sanitises what it is given).
 */
const PAYLOAD = '"><script>alert(1)</script><a href="https://evil.example">click</a>';

describe('HTML injection in the reset mail and in comments', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      ...smtp.env,
      PUBLIC_URL: 'https://stratum.example.com',
      PASSWORD_RESET_URL_ALLOW_LIST: 'https://app.example.com/reset',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it("escapes the user's name, the address and a hostile reset_url query in the mail's HTML", async () => {
    const email = `o'brien-${Date.now()}@example.com`;
    const created = await t.request('POST', '/users', {
      token: t.adminToken,
      // first_name holds 50 characters.
      body: {
        email,
        password: 'Password-123!',
        status: 'active',
        first_name: '<a href="https://evil.example">x</a>',
        last_name: '<img src=x onerror=alert(1)>',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const expected = smtp.messages.length + 1;
    const response = await t.request('POST', '/auth/password/request', {
      body: { email, reset_url: `https://app.example.com/reset?from=${PAYLOAD}` },
    });
    expect(response.statusCode).toBe(204);
    const mail = await smtp.waitForMessage(expected);
    for (const hostile of ['<script', '<a href="https://evil', '<img', 'onerror=']) expect(mail.html).not.toContain(hostile);
    // The names are not in the mail at all; the address and the link are there, escaped.
    expect(mail.html).not.toContain('alert(1)</script>');
    expect(mail.html).toContain('o&#39;brien');
    expect(mail.html).toMatch(/href="https:\/\/app\.example\.com\/reset\?[^"]*token=/);
  });

  it('stores and answers a comment as the text it is (JSON), and the admin app has no raw-HTML sink', async () => {
    const collection = await t.request('POST', '/collections', {
      token: t.adminToken,
      body: {
        collection: 'html_notes',
        fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }],
      },
    });
    expect(collection.statusCode).toBe(200);
    const item = dataOf<{ id: number }>(await t.request('POST', '/items/html_notes', { token: t.adminToken, body: {} }));
    const comment = await t.request('POST', '/activity/comment', {
      token: t.adminToken,
      body: { collection: 'html_notes', item: String(item.id), comment: PAYLOAD },
    });
    expect(comment.statusCode, comment.body).toBe(200);
    expect(comment.headers['content-type']).toMatch(/^application\/json/);
    expect(dataOf<{ comment: string }>(comment).comment).toBe(PAYLOAD);

    const sinks = /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(/;
    const offenders: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (/\.(tsx?|jsx?)$/.test(entry.name) && !/\.test\./.test(entry.name) && sinks.test(await readFile(path, 'utf8')))
          offenders.push(path);
      }
    };
    await walk(join(process.cwd(), 'app', 'src'));
    // The one sink allowed: the markdown preview's component, which cleans what it is given with DOMPurify itself.
    const allowed = join(process.cwd(), 'app', 'src', 'interfaces', 'sanitized-html.tsx');
    expect(offenders).toEqual([allowed]);
    expect(await readFile(allowed, 'utf8')).toMatch(/dangerouslySetInnerHTML=\{\{ __html: sanitizeHtml\(html\) \}\}/);
  });
});

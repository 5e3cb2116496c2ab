import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';

const run = promisify(execFile);

/** The README's `curl` commands, as a reader copies them: every sh block's lines that start with curl, continuations joined. */
function readmeCurlCommands(): string[] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const commands: string[] = [];
  for (const block of readme.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const text = block[1]!.replace(/\\\n\s*/g, '');
    for (const line of text.split('\n')) if (line.startsWith('curl ')) commands.push(line);
  }
  return commands;
}

/**
 * The README's API examples run as written (by bash and the real curl) against a started server with the data they
 * assume: an `articles` collection with `title`, `status`, `views` and an `author` with a `name`. Only the host, the
 * password and the token are filled in. A command curl refuses (brackets without -g) or a non-2xx answer fails.
 */
describe("the README's curl commands", () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { knex } = t.app;
    await knex.schema.createTable('authors', (table) => {
      table.increments('id');
      table.string('name', 100);
    });
    await knex.schema.createTable('articles', (table) => {
      table.increments('id');
      table.string('title', 100);
      table.string('status', 20);
      table.integer('views');
      table.integer('author').unsigned().nullable().references('id').inTable('authors');
    });
    for (const collection of ['authors', 'articles']) await knex('service_collections').insert({ collection });
    await knex('service_relations').insert({ many_collection: 'articles', many_field: 'author', one_collection: 'authors' });
    t.app.schema.invalidate();
    await knex('authors').insert({ name: 'Ada' });
    await knex('articles').insert({ title: 'Hello', status: 'published', views: 3, author: 1 });
    base = new URL(await t.app.server.listen({ port: 0, host: '127.0.0.1' })).host;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the commands (login, me, an items list)', () => {
    expect(readmeCurlCommands().length).toBeGreaterThanOrEqual(3);
  });

  it('answers each as the README says, 2xx with data', async () => {
    for (const command of readmeCurlCommands()) {
      const filled = command
        .replaceAll('localhost:8055', base)
        .replaceAll('<password>', 'AdminPass123!')
        .replaceAll('<access_token>', t.adminToken)
        .replace(/^curl /, 'curl --fail-with-body -sS ');
      const { stdout } = await run('bash', ['-c', filled], { env: { ...process.env, TOKEN: t.adminToken } }).catch(
        (error: { stderr?: string; stdout?: string }) => {
          throw new Error(`${command}\n→ ${error.stderr ?? ''}${error.stdout ?? ''}`);
        },
      );
      expect(JSON.parse(stdout), command).toHaveProperty('data');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { addComments } from './20261128o-add-comments.js';
import { MIGRATIONS } from './index.js';
import { runMigrations } from './run-migrations.js';
import { useMemoryDatabase } from '../../../tests/support/memory-database.js';

const db = useMemoryDatabase();

describe('migration 20261128O (add-comments)', () => {
  it("moves Directus 10's comment activity rows into service_comments, keeping author, time and text", async () => {
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(addComments));
    await runMigrations(db.knex, db.dialect, before);
    const user = '0b5d9a49-0c4e-4c8b-9d8e-2f3a4b5c6d7e';
    await db.knex('service_users').insert({ id: user, email: 'author@example.com', status: 'active' });
    await db.knex('service_activity').insert([
      { action: 'comment', user, timestamp: '2026-01-02T03:04:05.000Z', collection: 'articles', item: '7', comment: 'Old <b>note</b>' },
      { action: 'create', user, timestamp: '2026-01-02T03:04:06.000Z', collection: 'articles', item: '7' },
    ]);
    await runMigrations(db.knex, db.dialect, [...before, addComments]);
    const comments = (await db.knex('service_comments').select('id', 'collection', 'item', 'comment', 'user_created')) as Record<
      string,
      unknown
    >[];
    expect(comments).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), collection: 'articles', item: '7', comment: 'Old <b>note</b>', user_created: user },
    ]);
    expect(await db.knex('service_activity').pluck('action')).toEqual(['create']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { seedCollections } from '../../setup/seed-collections.js';

/**
 * A rule that grants reading rows but no fields (`fields` left empty): the reader gets the rows, each with
 * nothing in it, through every read (list, one item, a relation below), never a 500 and never a field.
 */
describe('a read rule with rows but no fields', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    await t.app.knex('authors').insert([{ name: 'Ada' }, { name: 'Grace' }]);
    await t.app.knex('articles').insert([
      { title: 'One', author: 1 },
      { title: 'Two', author: 2 },
    ]);
    ({ token } = await t.userWith({
      permissions: [
        { collection: 'articles', action: 'read' },
        { collection: 'authors', action: 'read', fields: ['name', 'articles'] },
      ],
    }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the rows, each empty, and reads one', async () => {
    const list = await t.request('GET', '/items/articles', { token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([{}, {}]);
    const one = await t.request('GET', '/items/articles/1', { token });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual({});
  });

  it('still refuses a field the rule does not name, and reads a relation level with no fields of its own', async () => {
    expect((await t.request('GET', '/items/articles?fields=title', { token })).statusCode).toBe(403);
    const authors = await t.request('GET', '/items/authors?fields=name,articles.*&sort=name', { token });
    expect(authors.json().data).toEqual([
      { name: 'Ada', articles: [{}] },
      { name: 'Grace', articles: [{}] },
    ]);
  });
});

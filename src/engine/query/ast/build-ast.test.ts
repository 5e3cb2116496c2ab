import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../../../tests/support/capture-error.js';
import { createEngineFixture, FIXTURE_IDS, type EngineFixture } from '../../../../tests/support/engine-fixture.js';
import type { Query } from '../query.types.js';

let fx: EngineFixture;
beforeAll(async () => {
  fx = await createEngineFixture();
});
afterAll(async () => {
  await fx?.close();
});

const read = async (query: Query, collection = 'articles', options: Parameters<EngineFixture['ctx']>[0] = {}) =>
  (await fx.read(collection, { limit: -1, ...query }, options)).data;

const ARTICLE_1 = {
  id: 1,
  title: 'Hello World',
  body: 'First post body',
  views: 100,
  price: 9.99,
  published: true,
  status: 'published',
  tags: ['news', 'intro'],
  author: 1,
  published_at: '2024-02-01T08:00:00.000Z',
  slug: 'hello-world',
  comments: [1, 2, 3],
};
const AUTHOR_1 = {
  id: 1,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  born: '1815-12-10',
  rating: 4.5,
  active: true,
  meta: { langs: ['en'], level: 3 },
  uuid_ref: FIXTURE_IDS.userAda,
  created: '2024-01-15T10:00:00.000Z',
  secret: '**********',
  articles: [1, 3],
};

describe('buildAst fields', () => {
  it('reads * as every field, o2m aliases as lists of keys, values cast to API types', async () => {
    const rows = await read({ fields: ['*'] });
    expect(rows[0]).toEqual(ARTICLE_1);
    expect(Object.keys(rows[0]!)).toEqual(Object.keys(ARTICLE_1));
    expect(rows[5]).toEqual({ ...Object.fromEntries(Object.keys(ARTICLE_1).map((k) => [k, null])), id: 6, slug: 'empty', comments: [] });
    expect((await read({ fields: ['*'] }, 'authors'))[0]).toEqual(AUTHOR_1);
  });

  it('reads * when no fields are given', async () => {
    expect((await read({}))[0]).toEqual(ARTICLE_1);
  });

  it('reads an explicit list in the order asked', async () => {
    const rows = await read({ fields: ['title', 'id'] });
    expect(rows[1]).toEqual({ title: '100%_off!', id: 2 });
    expect(Object.keys(rows[1]!)).toEqual(['title', 'id']);
  });

  it('reads *.* as every field plus one level of every relation', async () => {
    const [first] = await read({ fields: ['*.*'], filter: { id: { _eq: 1 } } });
    expect(first).toEqual({
      ...ARTICLE_1,
      author: AUTHOR_1,
      comments: [
        { id: 1, article: 1, text: 'Great!', score: 5 },
        { id: 2, article: 1, text: 'meh', score: 2 },
        { id: 3, article: 1, text: 'Nice one', score: 4 },
      ],
    });
  });

  const cases: { name: string; query: Query; collection?: string; expected: Record<string, unknown>[] }[] = [
    {
      name: 'a nested m2o field (null where the key is null)',
      query: { fields: ['id', 'author.name'], filter: { id: { _in: [1, 4] } } },
      expected: [
        { id: 1, author: { name: 'Ada Lovelace' } },
        { id: 4, author: null },
      ],
    },
    {
      name: 'comments.* (empty list without children)',
      query: { fields: ['id', 'comments.*'], filter: { id: { _in: [2, 3] } } },
      expected: [
        { id: 2, comments: [{ id: 4, article: 2, text: 'Bargain', score: 5 }] },
        { id: 3, comments: [] },
      ],
    },
    {
      name: 'a plain o2m field as the list of related keys',
      query: { fields: ['id', 'comments'], filter: { id: { _in: [1, 4, 5] } } },
      expected: [
        { id: 1, comments: [1, 2, 3] },
        { id: 4, comments: [] },
        { id: 5, comments: [5, 6] },
      ],
    },
    {
      name: 'one field of an o2m',
      query: { fields: ['id', 'comments.text'], filter: { id: { _eq: 5 } } },
      expected: [{ id: 5, comments: [{ text: 'hello back' }, { text: '' }] }],
    },
    {
      name: 'an o2m inside an m2o',
      query: { fields: ['id', 'author.articles'], filter: { id: { _eq: 2 } } },
      expected: [{ id: 2, author: { articles: [2] } }],
    },
    {
      name: 'two levels of relations',
      query: { fields: ['id', 'author.articles.slug'], filter: { id: { _eq: 3 } } },
      expected: [{ id: 3, author: { articles: [{ slug: 'hello-world' }, { slug: 'draft-ideas' }] } }],
    },
    {
      name: 'an m2o of an o2m',
      query: { fields: ['id', 'articles.author.email'], filter: { id: { _eq: 3 } } },
      collection: 'authors',
      expected: [{ id: 3, articles: [{ author: { email: '' } }] }],
    },
    {
      name: 'the nested form when a field is asked both plain and nested',
      query: { fields: ['author', 'author.email', 'id'], filter: { id: { _eq: 1 } } },
      expected: [{ author: { email: 'ada@example.com' }, id: 1 }],
    },
    {
      name: 'an alias of a field',
      query: { fields: ['id', 'who'], alias: { who: 'title' }, filter: { id: { _eq: 3 } } },
      expected: [{ id: 3, who: 'Draft ideas' }],
    },
    {
      name: 'an alias of a relation',
      query: { fields: ['writer.name'], alias: { writer: 'author' }, filter: { id: { _eq: 5 } } },
      expected: [{ writer: { name: 'Grace Hopper' } }],
    },
    {
      name: 'an alias of a function',
      query: { fields: ['id', 'y'], alias: { y: 'year(published_at)' }, filter: { id: { _eq: 4 } } },
      expected: [{ id: 4, y: 2023 }],
    },
    {
      name: 'a field and its alias side by side',
      query: { fields: ['title', 'copy'], alias: { copy: 'title' }, filter: { id: { _eq: 3 } } },
      expected: [{ title: 'Draft ideas', copy: 'Draft ideas' }],
    },
    {
      name: 'year() as <field>_year',
      query: { fields: ['id', 'year(published_at)'], filter: { id: { _in: [1, 3, 4] } } },
      expected: [
        { id: 1, published_at_year: 2024 },
        { id: 3, published_at_year: null },
        { id: 4, published_at_year: 2023 },
      ],
    },
    {
      name: 'every date function',
      query: {
        fields: [
          'month(published_at)',
          'week(published_at)',
          'day(published_at)',
          'weekday(published_at)',
          'hour(published_at)',
          'minute(published_at)',
          'second(published_at)',
        ],
        filter: { id: { _eq: 4 } },
      },
      expected: [
        {
          published_at_month: 12,
          published_at_week: 52,
          published_at_day: 31,
          published_at_weekday: 0,
          published_at_hour: 23,
          published_at_minute: 59,
          published_at_second: 59,
        },
      ],
    },
    {
      name: 'year() of a date field',
      query: { fields: ['year(born)'], filter: { id: { _eq: 2 } } },
      collection: 'authors',
      expected: [{ born_year: 1840 }],
    },
    {
      name: 'count() as <field>_count',
      query: { fields: ['id', 'count(comments)'] },
      expected: [1, 2, 3, 4, 5, 6].map((id, i) => ({ id, comments_count: [3, 1, 0, 0, 2, 0][i] })),
    },
    {
      name: 'functions inside a relation',
      query: { fields: ['id', 'author.count(articles)', 'author.year(created)'], filter: { id: { _eq: 1 } } },
      expected: [{ id: 1, author: { articles_count: 2, created_year: 2024 } }],
    },
    {
      name: 'a concealed field masked when set and null when not',
      query: { fields: ['id', 'secret'] },
      collection: 'authors',
      expected: [
        { id: 1, secret: '**********' },
        { id: 2, secret: null },
        { id: 3, secret: '**********' },
        { id: 4, secret: null },
      ],
    },
  ];
  it.each(cases)('reads $name', async ({ query, collection, expected }) => {
    expect(await read(query, collection)).toEqual(expected);
  });
});

describe('buildAst errors', () => {
  const forbidden = (what: string, collection: string, where = 'root') =>
    `FORBIDDEN 403: You don't have permission to access ${what} in collection "${collection}" or ${what.startsWith('fields') ? 'they do not exist' : 'it does not exist'}. Queried in ${where}.`;
  const cases: { name: string; query: Query; collection?: string; error: string }[] = [
    { name: 'an unknown field', query: { fields: ['id', 'nope'] }, error: forbidden('field "nope"', 'articles') },
    { name: 'two unknown fields', query: { fields: ['nope', 'nada'] }, error: forbidden('fields "nope", "nada"', 'articles') },
    { name: 'an unknown nested field', query: { fields: ['author.nope'] }, error: forbidden('field "nope"', 'authors', '"author"') },
    {
      name: 'an unknown field two levels down',
      query: { fields: ['author.articles.nope'] },
      error: forbidden('field "nope"', 'articles', '"author.articles"'),
    },
    { name: 'an unknown relation', query: { fields: ['nope.name'] }, error: forbidden('field "nope"', 'articles') },
    { name: 'a path through a plain field', query: { fields: ['title.length'] }, error: forbidden('field "title.length"', 'articles') },
    { name: 'an alias to an unknown field', query: { fields: ['x'], alias: { x: 'nope' } }, error: forbidden('field "nope"', 'articles') },
    { name: 'a function of an unknown field', query: { fields: ['year(nope)'] }, error: forbidden('field "nope"', 'articles') },
    { name: 'a JSON array string as fields', query: { fields: ['["id"]'] }, error: forbidden('field "["id"]"', 'articles') },
    {
      name: 'an unknown collection',
      query: {},
      collection: 'nope',
      error: 'FORBIDDEN 403: You don\'t have permission to access collection "nope" or it does not exist. Queried in root.',
    },
    {
      name: 'year() of a string field',
      query: { fields: ['year(title)'] },
      error: 'INVALID_QUERY 400: Invalid query. Function "year" only works on date and time fields, not on "title".',
    },
    {
      name: 'count() of a plain field',
      query: { fields: ['count(views)'] },
      error: 'INVALID_QUERY 400: Invalid query. Function "count" only works on one-to-many fields, not on "views".',
    },
    {
      name: 'hour() of a date field',
      query: { fields: ['hour(born)'] },
      collection: 'authors',
      error: 'INVALID_QUERY 400: Invalid query. Function "hour" can\'t be used on the date field "born".',
    },
    {
      name: 'count() of a json field',
      query: { fields: ['count(meta)'] },
      collection: 'authors',
      error: 'INVALID_QUERY 400: Invalid query. Function "count" only works on one-to-many fields, not on "meta".',
    },
    {
      name: 'a path after a function',
      query: { fields: ['year(published_at).x'] },
      error: 'INVALID_QUERY 400: Invalid query. Field function "year(published_at)" can\'t be followed by a path.',
    },
  ];
  it.each(cases)('rejects $name', async ({ query, collection, error }) => {
    expect(await errorOf(read(query, collection))).toBe(error);
  });

  it('rejects fields nested past MAX_RELATIONAL_DEPTH with 400', async () => {
    const options = { query: { maxRelationalDepth: 2 } };
    expect(await read({ fields: ['author.articles.id'], filter: { id: { _eq: 2 } } }, 'articles', options)).toEqual([
      { author: { articles: [{ id: 2 }] } },
    ]);
    for (const fields of [['author.articles.comments.id'], ['*.*.*'], ['comments.article.author.name']]) {
      expect(await errorOf(read({ fields }, 'articles', options))).toBe('INVALID_QUERY 400: Invalid query. Max relational depth exceeded.');
    }
  });
});

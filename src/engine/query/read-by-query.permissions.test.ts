import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionRule } from '../permissions/permissions.types.js';
import { errorOf } from '../../../tests/support/capture-error.js';
import { createEngineFixture, idsOf, type EngineFixture } from '../../../tests/support/engine-fixture.js';
import type { Query } from './query.types.js';

let fx: EngineFixture;
beforeAll(async () => {
  fx = await createEngineFixture();
});
afterAll(async () => {
  await fx?.close();
});

type Rules = Partial<PermissionRule>[];
const read = async (rules: Rules, query: Query, collection = 'articles', roles?: string[]) =>
  fx.read(collection, { limit: -1, ...query }, { rules, ...(roles ? { accountability: { roles } } : {}) });
const ids = async (rules: Rules, query: Query, collection = 'articles') =>
  idsOf(await read(rules, { fields: ['id'], ...query }, collection));

const PUBLISHED = { status: { _eq: 'published' } };
const BY_ADA = { author: { _eq: 1 } };
/** Rows 1, 2, 5 through rule 1 (title, status), rows 1, 3 through rule 2 (views, author, comments). */
const SPLIT: Rules = [
  { collection: 'articles', permissions: PUBLISHED, fields: ['id', 'title', 'status'] },
  { collection: 'articles', permissions: BY_ADA, fields: ['id', 'views', 'author', 'comments'] },
  { collection: 'authors' },
  { collection: 'comments' },
];

describe('readByQuery row permissions', () => {
  it('returns only the rows the rule filter allows, and counts only them', async () => {
    const rules = [{ collection: 'articles', permissions: PUBLISHED }];
    const result = await read(rules, { fields: ['id'], meta: ['total_count', 'filter_count'], filter: { views: { _gt: 60 } } });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 5 }], meta: { total_count: 3, filter_count: 2 } });
  });

  it('ORs the filters of several rules', async () => {
    expect(
      await ids(
        [
          { collection: 'articles', permissions: PUBLISHED },
          { collection: 'articles', permissions: BY_ADA },
        ],
        {},
      ),
    ).toEqual([1, 2, 3, 5]);
  });

  it('opens every row when one rule has no filter', async () => {
    expect(
      await ids(
        [
          { collection: 'articles', permissions: PUBLISHED },
          { collection: 'articles', permissions: {} },
        ],
        {},
      ),
    ).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('applies rule filters on fields the reader cannot read, including relational ones', async () => {
    expect(await ids([{ collection: 'articles', permissions: { views: { _gt: 60 } }, fields: ['id'] }], {})).toEqual([1, 5]);
    expect(
      await ids([{ collection: 'articles', permissions: { author: { email: { _eq: 'ada@example.com' } } }, fields: ['id'] }], {}),
    ).toEqual([1, 3]);
    expect(
      await ids([{ collection: 'articles', permissions: { comments: { _some: { score: { _gte: 5 } } } }, fields: ['id'] }], {}),
    ).toEqual([1, 2]);
  });

  it('resolves dynamic variables in rules; an empty $CURRENT_ROLES matches nothing in _in and everything in _nin', async () => {
    expect(await ids([{ collection: 'authors', permissions: { uuid_ref: { _eq: '$CURRENT_USER' } } }], {}, 'authors')).toEqual([1]);
    const rolesIn = [{ collection: 'authors', permissions: { uuid_ref: { _in: '$CURRENT_ROLES' } } }];
    expect(idsOf(await read(rolesIn, { fields: ['id'] }, 'authors', []))).toEqual([]);
    const rolesNotIn = [{ collection: 'authors', permissions: { id: { _nin: '$CURRENT_ROLES' } } }];
    expect(idsOf(await read(rolesNotIn, { fields: ['id'] }, 'authors', []))).toEqual([1, 2, 3, 4]);
  });

  it('refuses a collection without a read rule (a rule for another action does not count)', async () => {
    const error = 'FORBIDDEN 403: You don\'t have permission to access collection "articles" or it does not exist. Queried in root.';
    expect(await errorOf(ids([], {}))).toBe(error);
    expect(await errorOf(ids([{ collection: 'articles', action: 'update' }], {}))).toBe(error);
    expect(
      await errorOf(ids([{ collection: 'articles', action: 'read', fields: ['id'] }], { aggregate: { count: ['*'] } }, 'authors')),
    ).toMatch(/collection "authors"/);
  });
});

describe('readByQuery field permissions (case/when)', () => {
  it('returns a field granted only by a filtered rule as null outside that filter', async () => {
    const { data } = await read(SPLIT, { fields: ['id', 'title', 'views', 'author.name', 'comments'] });
    expect(data).toEqual([
      { id: 1, title: 'Hello World', views: 100, author: { name: 'Ada Lovelace' }, comments: [1, 2, 3] },
      { id: 2, title: '100%_off!', views: null, author: null, comments: null },
      { id: 3, title: null, views: 0, author: { name: 'Ada Lovelace' }, comments: [] },
      { id: 5, title: 'hello again', views: null, author: null, comments: null },
    ]);
  });

  it('expands * to the union of granted fields', async () => {
    const { data } = await read(SPLIT, { fields: ['*'], filter: { id: { _eq: 3 } } });
    expect(data).toEqual([{ id: 3, title: null, views: 0, status: null, author: 1, comments: [] }]);
  });

  const cases: { name: string; query: Query; ids: number[] }[] = [
    { name: 'filters see hidden values as null', query: { filter: { title: { _nnull: true } } }, ids: [1, 2, 5] },
    { name: 'filters on a number see hidden values as null', query: { filter: { views: { _gte: 0 } } }, ids: [1, 3] },
    { name: '_null matches hidden values', query: { filter: { views: { _null: true } } }, ids: [2, 5] },
    {
      name: 'relational filters through a hidden m2o match nothing',
      query: { filter: { author: { name: { _eq: 'Émile Zola' } } } },
      ids: [],
    },
    { name: 'relational filters through a visible m2o', query: { filter: { author: { name: { _eq: 'Ada Lovelace' } } } }, ids: [1, 3] },
    { name: 'o2m filters only where the o2m is visible', query: { filter: { comments: { _some: {} } } }, ids: [1] },
    { name: 'search skips hidden values', query: { search: 'draft' }, ids: [] },
    { name: 'search finds visible values', query: { search: 'hello' }, ids: [1, 5] },
    { name: 'search by number only where the number is visible', query: { search: '1000' }, ids: [] },
    { name: 'sort treats hidden values as null', query: { sort: ['-views', 'id'], filter: { views: { _nnull: true } } }, ids: [1, 3] },
  ];
  it.each(cases)('applies it: $name', async ({ query, ids: expected }) => {
    expect(await ids(SPLIT, query)).toEqual(expected);
  });

  it('aggregates only visible values', async () => {
    expect((await read(SPLIT, { aggregate: { sum: ['views'], count: ['views', '*'] } })).data).toEqual([
      { sum: { views: 100 }, count: { views: 2, '*': 4 } },
    ]);
    expect((await read(SPLIT, { aggregate: { count: ['*'] } })).data).toEqual([{ count: 4 }]);
  });
});

describe('readByQuery refusals for fields that are not granted', () => {
  const rules: Rules = [
    { collection: 'articles', fields: ['id', 'title', 'author', 'comments'] },
    { collection: 'authors', fields: ['id', 'name'] },
  ];
  const field = (name: string, collection = 'articles', where = 'root') =>
    `FORBIDDEN 403: You don't have permission to access field "${name}" in collection "${collection}" or it does not exist. Queried in ${where}.`;
  const cases: { name: string; query: Query; error: string }[] = [
    { name: 'requesting it', query: { fields: ['id', 'body'] }, error: field('body') },
    { name: 'requesting a nested one', query: { fields: ['author.email'] }, error: field('email', 'authors', '"author"') },
    { name: 'filtering on it', query: { filter: { body: { _null: true } } }, error: field('body') },
    {
      name: 'filtering on a nested one',
      query: { filter: { author: { email: { _null: true } } } },
      error: field('email', 'authors', '"author"'),
    },
    { name: 'sorting on it', query: { sort: ['views'] }, error: field('views') },
    { name: 'sorting on a nested one', query: { sort: ['author.email'] }, error: field('email', 'authors', '"author"') },
    { name: 'aggregating it', query: { aggregate: { sum: ['views'] } }, error: field('views') },
    { name: 'grouping by it', query: { group: ['status'] }, error: field('status') },
    { name: 'a function of it', query: { fields: ['year(published_at)'] }, error: field('published_at') },
    {
      name: 'reading into a collection without a read rule',
      query: { fields: ['comments.text'] },
      error: 'FORBIDDEN 403: You don\'t have permission to access collection "comments" or it does not exist. Queried in "comments".',
    },
    {
      name: 'filtering into a collection without a read rule',
      query: { filter: { comments: { text: { _eq: 'x' } } } },
      error: 'FORBIDDEN 403: You don\'t have permission to access collection "comments" or it does not exist. Queried in "comments".',
    },
    {
      name: 'counting a collection without a read rule',
      query: { fields: ['count(comments)'] },
      error: 'FORBIDDEN 403: You don\'t have permission to access collection "comments" or it does not exist. Queried in "comments".',
    },
    {
      name: 'a plain o2m into a collection without a read rule',
      query: { fields: ['comments'] },
      error: 'FORBIDDEN 403: You don\'t have permission to access collection "comments" or it does not exist. Queried in "comments".',
    },
  ];
  it.each(cases)('refuses $name', async ({ query, error }) => {
    expect(await errorOf(read(rules, query))).toBe(error);
  });

  it('searches only readable fields, silently', async () => {
    expect(await ids(rules, { search: 'post body' })).toEqual([]);
    expect(await ids(rules, { search: 'ideas' })).toEqual([3]);
  });

  it('skips o2m fields into unreadable collections for * and *.*, and reads m2o keys', async () => {
    const { data } = await read(rules, { fields: ['*'], filter: { id: { _eq: 1 } } });
    expect(data).toEqual([{ id: 1, title: 'Hello World', author: 1 }]);
    const nested = await read(rules, { fields: ['*.*'], filter: { id: { _eq: 1 } } });
    expect(nested.data).toEqual([{ id: 1, title: 'Hello World', author: { id: 1, name: 'Ada Lovelace' } }]);
    const noAuthors = await read([rules[0]!], { fields: ['*.*'], filter: { id: { _eq: 1 } } });
    expect(noAuthors.data).toEqual([{ id: 1, title: 'Hello World', author: 1 }]);
  });
});

describe('readByQuery related row permissions', () => {
  const rules: Rules = [
    { collection: 'articles' },
    { collection: 'comments', permissions: { score: { _gte: 4 } } },
    { collection: 'authors', permissions: { active: { _eq: true } } },
  ];
  const cases: { name: string; query: Query; expected: Record<string, unknown>[] }[] = [
    {
      name: 'o2m lists only visible children',
      query: { fields: ['id', 'comments'], filter: { id: { _in: [1, 2, 5] } } },
      expected: [
        { id: 1, comments: [1, 3] },
        { id: 2, comments: [4] },
        { id: 5, comments: [] },
      ],
    },
    {
      name: 'm2o to a hidden row is null',
      query: { fields: ['id', 'author.name'], filter: { id: { _in: [1, 2] } } },
      expected: [
        { id: 1, author: { name: 'Ada Lovelace' } },
        { id: 2, author: null },
      ],
    },
    {
      name: 'count() counts only visible children',
      query: { fields: ['id', 'count(comments)'], filter: { id: { _in: [1, 5] } } },
      expected: [
        { id: 1, comments_count: 2 },
        { id: 5, comments_count: 0 },
      ],
    },
    {
      name: 'deep _limit takes visible children',
      query: { fields: ['id', 'comments'], filter: { id: { _eq: 1 } }, deep: { comments: { limit: 1, sort: ['-id'] } } },
      expected: [{ id: 1, comments: [3] }],
    },
    {
      name: 'filters through o2m see visible children only',
      query: { fields: ['id'], filter: { comments: { text: { _eq: 'meh' } } } },
      expected: [],
    },
    {
      name: 'filters through m2o see visible rows only',
      query: { fields: ['id'], filter: { author: { name: { _eq: 'Émile Zola' } } } },
      expected: [],
    },
  ];
  it.each(cases)('applies them: $name', async ({ query, expected }) => {
    expect((await read(rules, query)).data).toEqual(expected);
  });

  it('sorts by a hidden related row as by null', async () => {
    // NULL sorts first in ascending order on SQLite and MySQL, last on PostgreSQL.
    const expected = fx.vendor === 'postgres' ? [1, 2] : [2, 1];
    expect(await ids(rules, { filter: { id: { _in: [1, 2] } }, sort: ['author.name', 'id'] })).toEqual(expected);
  });
});

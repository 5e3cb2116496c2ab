import type { Knex } from 'knex';
import type { ColumnDefinition, Dialect } from '../../src/database/dialects/dialect.js';
import type { FieldType } from '../../src/kernel/system/field-types.js';

/** Fixed ids the fixture rows use, so tests can name them. */
export const FIXTURE_IDS = {
  /** service_users: Ada (role Editor), Emile (no role). */
  userAda: 'a0000000-0000-4000-8000-000000000001',
  userEmile: 'a0000000-0000-4000-8000-000000000002',
  /** service_roles: Staff (root) → Editor (child). */
  roleStaff: 'b0000000-0000-4000-8000-000000000001',
  roleEditor: 'b0000000-0000-4000-8000-000000000002',
} as const;

const col = (name: string, type: FieldType, more: Partial<ColumnDefinition> = {}): ColumnDefinition => ({ name, type, ...more });

/**
 * The fixture collections: authors ← articles ← comments, and events (the remaining field types: dateTime,
 * time, bigInteger, hash). Column types come from the dialect, so every vendor gets the same field types back
 * from introspection.
 */
const TABLES: { name: string; columns: ColumnDefinition[]; foreign?: { column: string; table: string; onDelete: string }[] }[] = [
  {
    name: 'authors',
    columns: [
      col('id', 'integer', { primaryKey: true }),
      col('name', 'string', { maxLength: 100 }),
      col('email', 'string', { maxLength: 100 }),
      col('born', 'date'),
      col('rating', 'float'),
      col('active', 'boolean'),
      col('meta', 'json'),
      col('uuid_ref', 'uuid'),
      col('created', 'timestamp'),
      col('secret', 'string', { maxLength: 100 }),
    ],
  },
  {
    name: 'articles',
    columns: [
      col('id', 'integer', { primaryKey: true }),
      col('title', 'string', { maxLength: 200 }),
      col('body', 'text'),
      col('views', 'integer'),
      col('price', 'decimal', { precision: 10, scale: 2 }),
      col('published', 'boolean'),
      col('status', 'string', { maxLength: 20 }),
      col('tags', 'csv'),
      col('author', 'integer'),
      col('published_at', 'timestamp'),
      col('slug', 'string', { maxLength: 100, unique: true }),
    ],
    foreign: [{ column: 'author', table: 'authors', onDelete: 'SET NULL' }],
  },
  {
    name: 'comments',
    columns: [
      col('id', 'integer', { primaryKey: true }),
      col('article', 'integer'),
      col('text', 'string', { maxLength: 200 }),
      col('score', 'integer'),
    ],
    foreign: [{ column: 'article', table: 'articles', onDelete: 'CASCADE' }],
  },
  {
    name: 'events',
    columns: [
      col('id', 'integer', { primaryKey: true }),
      col('starts', 'dateTime'),
      col('at', 'time'),
      col('big', 'bigInteger'),
      col('pin', 'hash'),
    ],
  },
];

/** service_fields rows: the `special` flags that pin types down, the o2m alias fields, a concealed field. */
const FIELD_META: { collection: string; field: string; special: string }[] = [
  { collection: 'authors', field: 'meta', special: 'cast-json' },
  { collection: 'authors', field: 'uuid_ref', special: 'uuid' },
  { collection: 'authors', field: 'created', special: 'cast-timestamp' },
  { collection: 'authors', field: 'secret', special: 'conceal' },
  { collection: 'authors', field: 'articles', special: 'o2m' },
  { collection: 'articles', field: 'tags', special: 'cast-csv' },
  { collection: 'articles', field: 'author', special: 'm2o' },
  { collection: 'articles', field: 'published_at', special: 'cast-timestamp' },
  { collection: 'articles', field: 'comments', special: 'o2m' },
  { collection: 'comments', field: 'article', special: 'm2o' },
  { collection: 'events', field: 'pin', special: 'hash' },
];

const RELATIONS = [
  { many_collection: 'articles', many_field: 'author', one_collection: 'authors', one_field: 'articles' },
  { many_collection: 'comments', many_field: 'article', one_collection: 'articles', one_field: 'comments' },
];

type Seed = Record<string, unknown>;
const { userAda, roleEditor } = FIXTURE_IDS;

/** Deterministic rows: nulls in every column, empty strings, unicode, LIKE wildcards and a backslash. */
export const FIXTURE_ROWS: Record<'authors' | 'articles' | 'comments' | 'events', Seed[]> = {
  authors: [
    {
      id: 1,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      born: '1815-12-10',
      rating: 4.5,
      active: true,
      meta: { langs: ['en'], level: 3 },
      uuid_ref: userAda,
      created: '2024-01-15T10:00:00.000Z',
      secret: 's3cret',
    },
    {
      id: 2,
      name: 'Émile Zola',
      email: 'emile@example.com',
      born: '1840-04-02',
      rating: 3.25,
      active: false,
      meta: null,
      uuid_ref: roleEditor,
      created: '2024-06-01T12:30:00.000Z',
      secret: null,
    },
    {
      id: 3,
      name: 'Grace Hopper',
      email: '',
      born: '1906-12-09',
      rating: null,
      active: true,
      meta: { level: 1 },
      uuid_ref: null,
      created: '2025-03-01T00:00:00.000Z',
      secret: 'x',
    },
    { id: 4, name: '李白', email: null, born: null, rating: 2, active: null, meta: null, uuid_ref: null, created: null, secret: null },
  ],
  articles: [
    {
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
    },
    {
      id: 2,
      title: '100%_off!',
      body: 'Sale: C:\\deals\\ everything',
      views: 50,
      price: 0,
      published: true,
      status: 'published',
      tags: ['sale'],
      author: 2,
      published_at: '2024-03-15T12:00:00.000Z',
      slug: 'sale',
    },
    {
      id: 3,
      title: 'Draft ideas',
      body: null,
      views: 0,
      price: null,
      published: false,
      status: 'draft',
      tags: null,
      author: 1,
      published_at: null,
      slug: 'draft-ideas',
    },
    {
      id: 4,
      title: 'Über café',
      body: '',
      views: 7,
      price: 19.5,
      published: false,
      status: 'archived',
      tags: [],
      author: null,
      published_at: '2023-12-31T23:59:59.000Z',
      slug: 'uber-cafe',
    },
    {
      id: 5,
      title: 'hello again',
      body: 'Second HELLO',
      views: 1000,
      price: 100,
      published: true,
      status: 'published',
      tags: ['news'],
      author: 3,
      published_at: '2025-01-10T00:00:00.000Z',
      slug: 'hello-again',
    },
    {
      id: 6,
      title: null,
      body: null,
      views: null,
      price: null,
      published: null,
      status: null,
      tags: null,
      author: null,
      published_at: null,
      slug: 'empty',
    },
  ],
  comments: [
    { id: 1, article: 1, text: 'Great!', score: 5 },
    { id: 2, article: 1, text: 'meh', score: 2 },
    { id: 3, article: 1, text: 'Nice one', score: 4 },
    { id: 4, article: 2, text: 'Bargain', score: 5 },
    { id: 5, article: 5, text: 'hello back', score: 3 },
    { id: 6, article: 5, text: '', score: null },
  ],
  events: [
    { id: 1, starts: '2024-05-01T09:30:00', at: '09:30:00', big: 5000000000, pin: '$argon2id$v=19$m=65536,t=3,p=4$abc$def' },
    { id: 2, starts: '2024-05-01T18:00:00', at: '18:00:00', big: -1, pin: null },
    { id: 3, starts: null, at: null, big: null, pin: '' },
  ],
};

/** Creates the fixture tables, their meta rows and relations, the roles and users, and seeds the rows. */
export async function createFixtureSchema(knex: Knex, dialect: Dialect): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.createTable(table.name, (builder) => {
      for (const column of table.columns) dialect.addColumn(builder, column, knex);
      for (const fk of table.foreign ?? []) builder.foreign(fk.column).references('id').inTable(fk.table).onDelete(fk.onDelete);
    });
  }
  await knex('service_fields').insert(FIELD_META);
  await knex('service_relations').insert(RELATIONS);
  await knex('service_roles').insert([
    { id: FIXTURE_IDS.roleStaff, name: 'Staff', parent: null },
    { id: FIXTURE_IDS.roleEditor, name: 'Editor', parent: FIXTURE_IDS.roleStaff },
  ]);
  await knex('service_users').insert([
    { id: FIXTURE_IDS.userAda, first_name: 'Ada', email: 'ada@example.com', role: FIXTURE_IDS.roleEditor, status: 'active' },
    { id: FIXTURE_IDS.userEmile, first_name: 'Emile', email: 'emile@example.com', role: null, status: 'active' },
  ]);
  for (const table of TABLES) {
    const types = new Map(table.columns.map((c) => [c.name, c.type]));
    const rows = FIXTURE_ROWS[table.name as keyof typeof FIXTURE_ROWS].map((row) =>
      Object.fromEntries(Object.entries(row).map(([key, value]) => [key, dialect.toDatabase(types.get(key)!, value)])),
    );
    await knex(table.name).insert(rows);
  }
}

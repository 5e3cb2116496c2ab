import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureAppError } from '../../../tests/support/capture-error.js';
import { createEngineFixture, type EngineFixture } from '../../../tests/support/engine-fixture.js';
import { buildSchemaOverview } from './build-schema-overview.js';
import { createSchemaStore } from './create-schema-store.js';
import { getCollection } from './get-collection.js';
import { getFieldRelation } from './get-field-relation.js';

let fx: EngineFixture;
beforeAll(async () => {
  fx = await createEngineFixture();
});
afterAll(async () => {
  await fx?.close();
});

describe('buildSchemaOverview', () => {
  const types: { collection: string; fields: Record<string, string> }[] = [
    {
      collection: 'authors',
      fields: {
        id: 'integer',
        name: 'string',
        email: 'string',
        born: 'date',
        rating: 'float',
        active: 'boolean',
        meta: 'json',
        uuid_ref: 'uuid',
        created: 'timestamp',
        secret: 'string',
        articles: 'alias',
      },
    },
    {
      collection: 'articles',
      fields: {
        id: 'integer',
        title: 'string',
        body: 'text',
        views: 'integer',
        price: 'decimal',
        published: 'boolean',
        status: 'string',
        tags: 'csv',
        author: 'integer',
        published_at: 'timestamp',
        slug: 'string',
        comments: 'alias',
      },
    },
    { collection: 'comments', fields: { id: 'integer', article: 'integer', text: 'string', score: 'integer' } },
  ];
  it.each(types)('maps the fields of $collection to the same types on every vendor, in order', ({ collection, fields }) => {
    const overview = getCollection(fx.schema, collection);
    expect(Object.fromEntries(Object.values(overview.fields).map((f) => [f.field, f.type]))).toEqual(fields);
    expect(Object.keys(overview.fields)).toEqual(Object.keys(fields));
    expect(overview).toMatchObject({ primary: 'id', system: false, sortField: null });
  });

  it('keeps column facts and meta flags', () => {
    const { fields } = getCollection(fx.schema, 'articles');
    expect(fields.slug).toMatchObject({ unique: true, maxLength: 100, nullable: true, alias: false });
    expect(fields.price).toMatchObject({ precision: 10, scale: 2 });
    expect(fields.id).toMatchObject({ primaryKey: true, nullable: false });
    expect(fields.comments).toMatchObject({ alias: true, special: ['o2m'], dbType: null });
    expect(getCollection(fx.schema, 'authors').fields.secret?.special).toEqual(['conceal']);
  });

  it('resolves both sides of each relation', () => {
    expect(getFieldRelation(fx.schema, 'articles', 'author')).toMatchObject({ kind: 'm2o', related: 'authors' });
    expect(getFieldRelation(fx.schema, 'authors', 'articles')).toMatchObject({
      kind: 'o2m',
      related: 'articles',
      relation: { field: 'author' },
    });
    expect(getFieldRelation(fx.schema, 'comments', 'article')?.relation.schema).toMatchObject({ onDelete: 'CASCADE' });
    expect(getFieldRelation(fx.schema, 'articles', 'title')).toBeNull();
    expect(getFieldRelation(fx.schema, 'service_users', 'role')).toMatchObject({ kind: 'm2o', related: 'service_roles' });
  });

  it('reads a foreign key without meta as an m2o relation', async () => {
    await fx.knex.schema.createTable('notes', (table) => {
      fx.dialect.addColumn(table, { name: 'id', type: 'integer', primaryKey: true }, fx.knex);
      fx.dialect.addColumn(table, { name: 'comment', type: 'integer' }, fx.knex);
      table.foreign('comment').references('id').inTable('comments');
    });
    const schema = await buildSchemaOverview(fx.knex, fx.dialect);
    expect(getFieldRelation(schema, 'notes', 'comment')).toMatchObject({
      kind: 'm2o',
      related: 'comments',
      relation: { hasMeta: false, oneField: null },
    });
  });

  it('answers 403 for an unknown collection, without revealing whether it exists', async () => {
    expect(await captureAppError(() => getCollection(fx.schema, 'nope', 'author'))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You don\'t have permission to access collection "nope" or it does not exist. Queried in "author".',
    });
    expect(await captureAppError(() => getCollection(fx.schema, 'constructor'))).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('createSchemaStore', () => {
  it('builds once, keeps the overview frozen, and rebuilds after invalidate()', async () => {
    const store = createSchemaStore(fx.knex, fx.dialect);
    const first = await store.get();
    expect(await store.get()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    store.invalidate();
    const second = await store.get();
    expect(second).not.toBe(first);
    expect(Object.keys(second.collections)).toEqual(expect.arrayContaining(['articles', 'authors', 'comments', 'events', 'service_users']));
  });
});

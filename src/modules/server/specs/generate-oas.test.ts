import { describe, expect, it } from 'vitest';
import { indexRules } from '../../../engine/permissions/create-permissions-engine.js';
import type { PermissionRule, PermissionSet } from '../../../engine/permissions/permissions.types.js';
import type { CollectionOverview, FieldOverview, SchemaOverview } from '../../../engine/schema-overview/schema-overview.types.js';
import { publicAccountability, systemAccountability, type Accountability } from '../../../kernel/context/index.js';
import type { FieldType } from '../../../kernel/system/field-types.js';
import { generateOas } from './generate-oas.js';

function field(name: string, type: FieldType, more: Partial<FieldOverview> = {}): FieldOverview {
  return {
    field: name,
    type,
    dbType: type === 'alias' ? null : 'x',
    nullable: true,
    defaultValue: null,
    maxLength: null,
    precision: null,
    scale: null,
    primaryKey: false,
    autoIncrement: false,
    generated: false,
    unique: false,
    special: [],
    alias: type === 'alias',
    searchable: true,
    required: false,
    validation: null,
    hasMeta: true,
    ...more,
  };
}

function collection(name: string, fields: FieldOverview[], more: Partial<CollectionOverview> = {}): CollectionOverview {
  return {
    collection: name,
    primary: 'id',
    singleton: false,
    sortField: null,
    accountability: 'all',
    system: name.startsWith('service_'),
    hasMeta: true,
    fields: Object.fromEntries(fields.map((f) => [f.field, f])),
    ...more,
  };
}

const id = field('id', 'integer', { primaryKey: true, nullable: false, autoIncrement: true });
const SCHEMA: SchemaOverview = {
  collections: {
    authors: collection('authors', [id, field('name', 'string', { nullable: false }), field('articles', 'alias', { special: ['o2m'] })]),
    articles: collection('articles', [
      id,
      field('title', 'string', { nullable: false }),
      field('rating', 'integer'),
      field('featured', 'boolean'),
      field('published_on', 'date'),
      field('happened_at', 'dateTime'),
      field('external_id', 'uuid'),
      field('metadata', 'json'),
      field('tags', 'csv'),
      field('author', 'integer'),
      field('divider', 'alias'),
    ]),
    home: collection('home', [id, field('headline', 'string')], { singleton: true }),
    service_users: collection('service_users', [field('id', 'uuid', { primaryKey: true, nullable: false }), field('email', 'string')]),
    service_collections: collection('service_collections', [field('collection', 'string', { primaryKey: true, nullable: false })], {
      primary: 'collection',
    }),
  },
  relations: [
    {
      collection: 'articles',
      field: 'author',
      relatedCollection: 'authors',
      oneField: 'articles',
      junctionField: null,
      sortField: null,
      oneDeselectAction: 'nullify',
      schema: null,
      hasMeta: true,
      system: false,
    },
  ],
};

const ADMIN: PermissionSet = { admin: true, rules: [], index: new Map() };
const rule = (collection: string, action: PermissionRule['action'], fields: string[] | null = ['*']): PermissionRule => ({
  id: null,
  policy: null,
  collection,
  action,
  permissions: null,
  validation: null,
  presets: null,
  fields,
});
const user: Accountability = { ...publicAccountability(), user: '00000000-0000-4000-8000-000000000001', role: 'r' };
const oas = (permissions: PermissionSet, accountability: Accountability = user) =>
  generateOas({ schema: SCHEMA, permissions, accountability, version: '1.2.3', serverUrl: 'http://localhost:8055' });

describe('generateOas', () => {
  it('describes every collection, operation and system endpoint to an administrator', () => {
    const doc = oas(ADMIN, systemAccountability());
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.version).toBe('1.2.3');
    expect(doc.servers).toEqual([{ url: 'http://localhost:8055', description: 'This instance.' }]);
    expect(Object.keys(doc.paths['/items/articles']!).sort()).toEqual(['delete', 'get', 'patch', 'post']);
    expect(Object.keys(doc.paths['/items/articles/{id}']!).sort()).toEqual(['delete', 'get', 'patch']);
    expect(doc.paths['/items/articles']!.get!.operationId).toBe('readItemsArticles');
    expect(doc.paths['/items/articles/{id}']!.get!.parameters![0]).toMatchObject({ name: 'id', in: 'path', schema: { type: 'integer' } });
    expect(doc.paths['/schema/snapshot']?.get).toBeDefined();
    expect(doc.paths['/users/{id}']?.delete).toBeDefined();
    expect(doc.paths['/users']!.get!.parameters).toContainEqual({ $ref: '#/components/parameters/Filter' });
    expect(doc.paths['/users/{id}']!.get!.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path' }),
      { $ref: '#/components/parameters/Fields' },
    ]);
    expect(doc.paths['/collections']?.get).toBeDefined();
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['Errors', 'ItemsArticles', 'ItemsAuthors', 'ItemsHome', 'Meta', 'Users']);
    expect(doc.tags.map((t) => t.name)).toEqual(expect.arrayContaining(['Authentication', 'Server', 'ItemsArticles', 'Users']));
  });

  it('maps field types, nullability and leaves out alias fields that are no relation', () => {
    const properties = oas(ADMIN, systemAccountability()).components.schemas['ItemsArticles']!.properties!;
    expect(properties['id']).toEqual({ type: 'integer', format: 'int32' });
    expect(properties['title']).toEqual({ type: 'string' });
    expect(properties['rating']).toEqual({ type: 'integer', format: 'int32', nullable: true });
    expect(properties['featured']).toEqual({ type: 'boolean', nullable: true });
    expect(properties['published_on']).toEqual({ type: 'string', format: 'date', nullable: true });
    expect(properties['happened_at']).toEqual({ type: 'string', format: 'date-time', nullable: true });
    expect(properties['external_id']).toEqual({ type: 'string', format: 'uuid', nullable: true });
    expect(properties['metadata']).toEqual({ nullable: true });
    expect(properties['tags']).toEqual({ type: 'array', items: { type: 'string' }, nullable: true });
    expect(properties).not.toHaveProperty('divider');
  });

  it('makes relations references: m2o key or item, o2m a list of either', () => {
    const schemas = oas(ADMIN, systemAccountability()).components.schemas;
    expect(schemas['ItemsArticles']!.properties!['author']).toEqual({
      oneOf: [{ type: 'integer', format: 'int32' }, { $ref: '#/components/schemas/ItemsAuthors' }],
      nullable: true,
    });
    expect(schemas['ItemsAuthors']!.properties!['articles']).toEqual({
      type: 'array',
      items: { oneOf: [{ type: 'integer', format: 'int32' }, { $ref: '#/components/schemas/ItemsArticles' }] },
    });
  });

  it('shows a limited user only the collections, fields and operations they hold', () => {
    const doc = oas(
      indexRules([rule('articles', 'read', ['id', 'title', 'author']), rule('articles', 'update', ['rating']), rule('home', 'read')]),
    );
    expect(Object.keys(doc.paths['/items/articles']!).sort()).toEqual(['get', 'patch']);
    expect(Object.keys(doc.paths['/items/articles/{id}']!).sort()).toEqual(['get', 'patch']);
    expect(Object.keys(doc.paths['/items/home']!)).toEqual(['get']);
    expect(doc.paths).not.toHaveProperty('/items/home/{id}');
    expect(doc.paths).not.toHaveProperty('/items/authors');
    expect(Object.keys(doc.components.schemas['ItemsArticles']!.properties!)).toEqual(['id', 'title', 'rating', 'author']);
    // authors is not theirs: the m2o is the key only.
    expect(doc.components.schemas['ItemsArticles']!.properties!['author']).toEqual({ type: 'integer', format: 'int32', nullable: true });
    expect(doc.components.schemas).not.toHaveProperty('ItemsAuthors');
    expect(doc.paths['/users/me']?.get).toBeDefined();
    // Reading oneself needs no rule ({data: {id}} at least); updating needs an update rule on users.
    expect(doc.paths['/users/me']).not.toHaveProperty('patch');
    expect(oas(indexRules([rule('service_users', 'update', ['first_name'])])).paths['/users/me']).toHaveProperty('patch');
    expect(doc.paths).not.toHaveProperty('/users');
    expect(doc.paths).not.toHaveProperty('/schema/snapshot');
    expect(doc.paths).not.toHaveProperty('/collections');
  });

  it('gates system collection endpoints by action and leaves out share-only collections', () => {
    const doc = oas(indexRules([rule('service_users', 'read', ['id']), rule('service_collections', 'read'), rule('authors', 'share')]));
    expect(Object.keys(doc.paths['/users']!)).toEqual(['get']);
    expect(doc.paths['/users/me']!.get!.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { properties: { data: { $ref: '#/components/schemas/Users' } } } } },
    });
    expect(Object.keys(doc.components.schemas['Users']!.properties!)).toEqual(['id']);
    expect(Object.keys(doc.paths['/collections']!)).toEqual(['get']);
    expect(doc.components.schemas).not.toHaveProperty('Collections');
    expect(doc.paths).not.toHaveProperty('/items/authors');
  });

  it('gives an anonymous caller without public rules only authentication, share sign-in, server and the open utility endpoints', () => {
    const doc = oas(indexRules([]), publicAccountability());
    expect(
      Object.keys(doc.paths)
        .filter((p) => !p.startsWith('/auth') && !p.startsWith('/server'))
        .sort(),
    ).toEqual([
      '/shares/auth',
      '/shares/info/{id}',
      '/users/invite/accept',
      '/users/register',
      '/users/register/verify-email',
      '/utils/hash/generate',
      '/utils/hash/verify',
      '/utils/random/string',
    ]);
    expect(doc.paths['/auth/login']?.post).toBeDefined();
    expect(doc.paths).not.toHaveProperty('/users/me');
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['Errors', 'Meta']);
  });

  it('keeps schema names and operation ids unique when collection names collide', () => {
    const schema: SchemaOverview = {
      collections: {
        blog_posts: collection('blog_posts', [id]),
        'blog-posts': collection('blog-posts', [id, field('other', 'integer')]),
      },
      relations: [
        {
          collection: 'blog-posts',
          field: 'other',
          relatedCollection: 'blog_posts',
          oneField: null,
          junctionField: null,
          sortField: null,
          oneDeselectAction: 'nullify',
          schema: null,
          hasMeta: true,
          system: false,
        },
      ],
    };
    const doc = generateOas({ schema, permissions: ADMIN, accountability: systemAccountability(), version: '1', serverUrl: '/' });
    expect(doc.paths['/items/blog_posts']!.get!.operationId).toBe('readItemsBlogPosts');
    expect(doc.paths['/items/blog-posts']!.get!.operationId).toBe('readItemsBlogPosts_2');
    expect(doc.components.schemas['ItemsBlogPosts_2']!.properties!['other']!.oneOf![1]).toEqual({
      $ref: '#/components/schemas/ItemsBlogPosts',
    });
  });
});

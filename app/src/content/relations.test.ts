import { describe, expect, it } from 'vitest';
import { asTranslations, relationsByField, type RawRelation } from './relations.js';

const relations: RawRelation[] = [
  { collection: 'articles', field: 'author', related_collection: 'authors', meta: { one_field: 'articles', junction_field: null } },
  {
    collection: 'comments',
    field: 'article',
    related_collection: 'articles',
    meta: { one_field: 'comments', one_deselect_action: 'delete' },
  },
  { collection: 'notes', field: 'article', related_collection: 'articles', meta: null },
  {
    collection: 'articles_tags',
    field: 'articles_id',
    related_collection: 'articles',
    meta: { one_field: 'tags', junction_field: 'tags_id' },
  },
  { collection: 'articles_tags', field: 'tags_id', related_collection: 'tags', meta: { one_field: null, junction_field: 'articles_id' } },
  { collection: 'articles', field: 'owner', related_collection: 'service_users', meta: null },
  {
    collection: 'articles_links',
    field: 'articles_id',
    related_collection: 'articles',
    meta: { one_field: 'links', junction_field: 'item' },
  },
  { collection: 'pins', field: 'item', related_collection: null, meta: { one_field: null } },
];

describe('relationsByField', () => {
  it('finds the many-to-one fields, the one-to-many aliases and the many-to-many ones (a many-to-any left out)', () => {
    expect(relationsByField(relations, 'articles')).toEqual({
      author: { kind: 'm2o', related: 'authors' },
      owner: { kind: 'm2o', related: 'service_users' },
      comments: { kind: 'o2m', related: 'comments', foreignKey: 'article', deselect: 'delete' },
      // A junction is a many-to-many (the form edits it as translations when the field's interface says so).
      tags: { kind: 'm2m', related: 'tags', junction: 'articles_tags', parentField: 'articles_id', relatedField: 'tags_id' },
    });
  });

  it('reads a many-to-any with its allowed collections, collection field and sort field', () => {
    const anyRelations: RawRelation[] = [
      {
        collection: 'pages_sections',
        field: 'pages_id',
        related_collection: 'pages',
        meta: { one_field: 'sections', junction_field: 'item', sort_field: 'sort' },
      },
      {
        collection: 'pages_sections',
        field: 'item',
        related_collection: null,
        meta: {
          one_field: null,
          junction_field: 'pages_id',
          one_collection_field: 'collection',
          one_allowed_collections: ['headings', 'texts'],
        },
      },
    ];
    expect(relationsByField(anyRelations, 'pages')).toEqual({
      sections: {
        kind: 'm2a',
        junction: 'pages_sections',
        parentField: 'pages_id',
        itemField: 'item',
        collectionField: 'collection',
        allowed: ['headings', 'texts'],
        sortField: 'sort',
      },
    });
  });

  it('takes nullify as the default deselect action', () => {
    expect(relationsByField(relations, 'authors')).toEqual({
      articles: { kind: 'o2m', related: 'articles', foreignKey: 'author', deselect: 'nullify' },
    });
  });
});

describe('asTranslations', () => {
  it('reads a many-to-many as translations: the junction holds them, the related collection is the languages', () => {
    expect(
      asTranslations({
        kind: 'm2m',
        related: 'languages',
        junction: 'articles_translations',
        parentField: 'articles_id',
        relatedField: 'languages_code',
      }),
    ).toEqual({
      kind: 'translations',
      related: 'articles_translations',
      foreignKey: 'articles_id',
      languageField: 'languages_code',
      languages: 'languages',
    });
  });
});

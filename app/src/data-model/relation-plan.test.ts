import { describe, expect, it } from 'vitest';
import { emptyRelationDraft, relationPlan } from './relation-plan.js';

const context = { collection: 'books', primaryKeyTypes: { books: 'integer', authors: 'uuid' }, relatedFields: ['id', 'title'] };

describe('relationPlan', () => {
  it('creates a foreign key of the related key type and its relation when the relation is many-to-one', () => {
    expect(relationPlan({ ...emptyRelationDraft('m2o'), field: 'author', related: 'authors', onDelete: 'CASCADE' }, context)).toEqual({
      steps: [
        {
          action: 'createField',
          collection: 'books',
          body: {
            field: 'author',
            type: 'uuid',
            meta: { special: null, interface: 'select-dropdown-m2o', note: null, required: false },
            schema: { is_nullable: true },
          },
        },
        {
          action: 'createRelation',
          body: {
            collection: 'books',
            field: 'author',
            related_collection: 'authors',
            meta: { one_field: null },
            schema: { on_delete: 'CASCADE' },
          },
        },
      ],
    });
  });

  it('points a file field at service_files', () => {
    const plan = relationPlan({ ...emptyRelationDraft('file'), field: 'cover' }, context);
    expect(plan).toMatchObject({
      steps: [
        { body: { field: 'cover', type: 'uuid', meta: { special: ['file'] } } },
        { body: { related_collection: 'service_files', schema: { on_delete: 'SET NULL' } } },
      ],
    });
  });

  it('adds the alias, the missing foreign key and the relation when the relation is one-to-many', () => {
    const plan = relationPlan(
      { ...emptyRelationDraft('o2m'), field: 'chapters', related: 'chapters', foreignKey: 'book' },
      { ...context, relatedFields: ['id'] },
    );
    expect(plan).toEqual({
      steps: [
        {
          action: 'createField',
          collection: 'books',
          body: { field: 'chapters', type: 'alias', meta: { special: ['o2m'], interface: 'list-o2m', note: null } },
        },
        {
          action: 'createField',
          collection: 'chapters',
          body: { field: 'book', type: 'integer', schema: { is_nullable: true }, meta: { hidden: false } },
        },
        {
          action: 'createRelation',
          body: {
            collection: 'chapters',
            field: 'book',
            related_collection: 'books',
            meta: { one_field: 'chapters', one_deselect_action: 'nullify' },
            schema: { on_delete: 'SET NULL' },
          },
        },
      ],
    });
    const existing = relationPlan(
      { ...emptyRelationDraft('o2m'), field: 'chapters', related: 'chapters', foreignKey: 'book' },
      { ...context, relatedFields: ['id', 'book'] },
    );
    expect('steps' in existing && existing.steps.map((s) => s.action)).toEqual(['createField', 'createRelation']);
  });

  it('reports the problems when the draft is incomplete', () => {
    expect(relationPlan(emptyRelationDraft('m2o'), context)).toEqual({
      errors: { field: 'Enter a field name.', related: 'Choose the related collection.' },
    });
    expect(relationPlan({ ...emptyRelationDraft('o2m'), field: 'x', related: 'chapters' }, context)).toEqual({
      errors: { foreignKey: 'Enter the foreign key field of the related collection.' },
    });
    expect(relationPlan({ ...emptyRelationDraft('m2o'), field: 'x', related: 'authors', required: true }, context)).toEqual({
      errors: { onDelete: 'A required field cannot be set to null: choose another rule.' },
    });
  });

  it('only names the alias on the relation when the foreign key already has its many-to-one', () => {
    const relations = [{ collection: 'chapters', field: 'book', related_collection: 'books', meta: { one_field: null } }];
    const draft = { ...emptyRelationDraft('o2m'), field: 'chapters', related: 'chapters', foreignKey: 'book', onDelete: 'CASCADE' };
    expect(relationPlan(draft, { ...context, relatedFields: ['id', 'book'], relations })).toEqual({
      steps: [
        {
          action: 'createField',
          collection: 'books',
          body: { field: 'chapters', type: 'alias', meta: { special: ['o2m'], interface: 'list-o2m', note: null } },
        },
        {
          action: 'updateRelation',
          collection: 'chapters',
          field: 'book',
          body: { meta: { one_field: 'chapters', one_deselect_action: 'nullify' }, schema: { on_delete: 'CASCADE' } },
        },
      ],
    });
    const elsewhere = [{ collection: 'chapters', field: 'book', related_collection: 'authors', meta: null }];
    expect(relationPlan(draft, { ...context, relatedFields: ['id', 'book'], relations: elsewhere })).toEqual({
      errors: { foreignKey: 'chapters.book already points at authors.' },
    });
  });
});

describe('relationPlan for a many-to-many', () => {
  const m2m = { ...emptyRelationDraft('m2m'), field: 'tags', related: 'tags', onDelete: 'CASCADE' };
  const where = {
    collection: 'books',
    primaryKeyTypes: { books: 'integer', tags: 'uuid' },
    relatedFields: [],
    collections: ['books', 'tags'],
  };

  it('creates the junction, its two foreign keys, the alias and both relations, as Directus does', () => {
    const plan = relationPlan(m2m, where);
    expect('steps' in plan && plan.steps.map((step) => step.action)).toEqual([
      'createCollection',
      'createField',
      'createField',
      'createField',
      'createRelation',
      'createRelation',
    ]);
    if (!('steps' in plan)) return;
    expect(plan.steps[0]).toMatchObject({ body: { collection: 'books_tags', meta: { hidden: true } } });
    expect(plan.steps[1]).toMatchObject({ collection: 'books_tags', body: { field: 'books_id', type: 'integer' } });
    expect(plan.steps[2]).toMatchObject({ collection: 'books_tags', body: { field: 'tags_id', type: 'uuid' } });
    expect(plan.steps[3]).toMatchObject({ collection: 'books', body: { field: 'tags', type: 'alias', meta: { special: ['m2m'] } } });
    expect(plan.steps[4]).toEqual({
      action: 'createRelation',
      body: {
        collection: 'books_tags',
        field: 'tags_id',
        related_collection: 'tags',
        meta: { one_field: null, junction_field: 'books_id', sort_field: null },
        schema: { on_delete: 'CASCADE' },
      },
    });
    expect(plan.steps[5]).toEqual({
      action: 'createRelation',
      body: {
        collection: 'books_tags',
        field: 'books_id',
        related_collection: 'books',
        meta: { one_field: 'tags', junction_field: 'tags_id', sort_field: null, one_deselect_action: 'nullify' },
        schema: { on_delete: 'CASCADE' },
      },
    });
  });

  it('takes a junction name, refuses one that exists or is not a name, and names a self-relation apart', () => {
    expect(relationPlan({ ...m2m, junction: 'tags' }, where)).toEqual({ errors: { junction: 'A collection tags exists already.' } });
    expect(relationPlan({ ...m2m, junction: '9x' }, where)).toEqual({
      errors: { junction: 'Use letters, digits and underscores, not starting with a digit.' },
    });
    expect(relationPlan({ ...m2m, related: '' }, where)).toEqual({ errors: { related: 'Choose the related collection.' } });
    const self = relationPlan({ ...m2m, field: 'similar', related: 'books', junction: 'similar_books' }, where);
    expect('steps' in self && self.steps[2]).toMatchObject({ body: { field: 'related_books_id' } });
  });
});

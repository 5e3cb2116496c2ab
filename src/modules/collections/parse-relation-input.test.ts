import { describe, expect, it } from 'vitest';
import { isAppError } from '../../kernel/errors/index.js';
import { parseRelationInput } from './parse-relation-input.js';

function reasonOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    if (!isAppError(error)) throw error;
    return String(error.extensions.reason);
  }
}

describe('parseRelationInput', () => {
  it('reads a relation with its rules, and drops the keys the server sets', () => {
    const spec = parseRelationInput({
      collection: 'articles',
      field: 'author',
      related_collection: 'authors',
      meta: { one_field: 'articles', many_collection: 'other', id: 9 },
      schema: { on_delete: 'set null' },
    });
    expect(spec).toEqual({
      collection: 'articles',
      field: 'author',
      related: 'authors',
      meta: { one_field: 'articles' },
      schema: { onDelete: 'SET NULL', onUpdate: null },
    });
  });

  it('reads schema null as no constraint and no meta as an empty row', () => {
    expect(parseRelationInput({ collection: 'a', field: 'b', related_collection: 'service_users', schema: null })).toMatchObject({
      meta: {},
      schema: null,
    });
  });

  it.each([
    { name: 'no related collection', input: { collection: 'a', field: 'b' }, reason: /related_collection/ },
    { name: 'a hostile collection', input: { collection: 'a b', field: 'b', related_collection: 'c' }, reason: /invalid collection/ },
    {
      name: 'an unknown rule',
      input: { collection: 'a', field: 'b', related_collection: 'c', schema: { on_delete: 'DROP' } },
      reason: /on_delete/,
    },
    {
      name: 'a bad deselect action',
      input: { collection: 'a', field: 'b', related_collection: 'c', meta: { one_deselect_action: 'keep' } },
      reason: /nullify/,
    },
    {
      name: 'a bad one_field',
      input: { collection: 'a', field: 'b', related_collection: 'c', meta: { one_field: 'x y' } },
      reason: /one_field/,
    },
  ])('refuses $name', ({ input, reason }) => {
    expect(reasonOf(() => parseRelationInput(input))).toMatch(reason);
  });
});

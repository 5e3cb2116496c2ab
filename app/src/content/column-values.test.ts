import { describe, expect, it } from 'vitest';
import { cellText, requestedFields } from './column-values.js';
import { planDisplay } from './display-value.js';
import type { FieldPath } from './field-paths.js';
import { countConditions } from './filter-count.js';

const authors = planDisplay(
  'authors',
  [
    { field: 'id', type: 'integer', schema: { is_primary_key: true } },
    { field: 'name', type: 'string' },
    { field: 'city', type: 'string' },
  ],
  '{{ name }} ({{ city }})',
  () => true,
);
const column = (path: string, display?: FieldPath['display']): FieldPath => ({
  path,
  label: path,
  type: 'integer',
  dynamic: [],
  choices: [],
  ...(display ? { display } : {}),
});

describe('requestedFields', () => {
  it('reads a templated many-to-one through its relation, and other columns as they are', () => {
    expect(requestedFields('id', [column('title'), column('author', authors), column('author.name')])).toEqual([
      'id',
      'title',
      'author.id',
      'author.name',
      'author.city',
    ]);
  });
});

describe('cellText', () => {
  it('fills the template in with the related item', () => {
    expect(cellText({ author: { id: 2, name: 'Ada', city: 'London' } }, column('author', authors))).toBe('Ada (London)');
  });
  it('shows an empty relation as a dash and a plain value as formatValue does', () => {
    expect(cellText({ author: null }, column('author', authors))).toBe('—');
    expect(cellText({ rating: 4 }, column('rating'))).toBe('4');
  });
  it('falls back to the key when the related item has no value for the template', () => {
    const named = { ...authors, template: '{{ name }}', labelField: null };
    expect(cellText({ author: { id: 7, name: null } }, column('author', named))).toBe('7');
  });
});

describe('countConditions', () => {
  it('counts the leaves under the groups', () => {
    expect(countConditions(null)).toBe(0);
    expect(countConditions({ status: { _eq: 'draft' } })).toBe(1);
    expect(countConditions({ _and: [{ a: { _eq: 1 } }, { _or: [{ b: { _lt: 2 } }, { b: { _gt: 7 } }] }] })).toBe(3);
  });
});

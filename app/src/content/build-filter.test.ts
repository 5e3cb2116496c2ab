import { describe, expect, it } from 'vitest';
import { buildFilter, pathKey } from './build-filter.js';
import type { FilterGroup, FilterRule } from './filter-tree.js';
import type { ValueField } from './filter-value.js';

const FIELDS: Record<string, ValueField> = {
  title: { type: 'string', dynamic: [] },
  rating: { type: 'integer', dynamic: [] },
  published_on: { type: 'dateTime', dynamic: ['$NOW'] },
  owner: { type: 'uuid', dynamic: ['$CURRENT_USER'] },
  'author.name': { type: 'string', dynamic: [] },
  'author.country.code': { type: 'string', dynamic: [] },
};
const fieldOf = (path: string) => FIELDS[path];
const rule = (field: string, operator: FilterRule['operator'], ...values: string[]): FilterRule => ({
  kind: 'rule',
  field,
  operator,
  values,
});
const and = (...children: FilterGroup['children']): FilterGroup => ({ kind: 'group', logic: '_and', children });
const or = (...children: FilterGroup['children']): FilterGroup => ({ kind: 'group', logic: '_or', children });

describe('buildFilter', () => {
  it('gives no filter for an empty tree, or one whose groups are all empty', () => {
    expect(buildFilter(and(), fieldOf)).toEqual({ filter: null, errors: {} });
    expect(buildFilter(and(or(), and()), fieldOf)).toEqual({ filter: null, errors: {} });
  });

  it('writes a condition as field, operator and typed value under the root group', () => {
    expect(buildFilter(and(rule('rating', '_gte', '3')), fieldOf).filter).toEqual({ _and: [{ rating: { _gte: 3 } }] });
  });

  it('nests AND and OR groups as Directus does', () => {
    const tree = and(rule('title', '_icontains', 'news'), or(rule('rating', '_lt', '2'), rule('rating', '_gt', '8')));
    expect(buildFilter(tree, fieldOf).filter).toEqual({
      _and: [{ title: { _icontains: 'news' } }, { _or: [{ rating: { _lt: 2 } }, { rating: { _gt: 8 } }] }],
    });
    expect(buildFilter(or(rule('title', '_eq', 'A')), fieldOf).filter).toEqual({ _or: [{ title: { _eq: 'A' } }] });
  });

  it('nests a relational field through its many-to-one fields', () => {
    expect(buildFilter(and(rule('author.name', '_eq', 'Ada')), fieldOf).filter).toEqual({ _and: [{ author: { name: { _eq: 'Ada' } } }] });
    expect(buildFilter(and(rule('author.country.code', '_in', 'FR, DE')), fieldOf).filter).toEqual({
      _and: [{ author: { country: { code: { _in: ['FR', 'DE'] } } } }],
    });
  });

  it('writes true for the operators without a value, a list for _in, two bounds for _between', () => {
    const tree = and(
      rule('title', '_empty'),
      rule('rating', '_nnull'),
      rule('rating', '_nin', '1,2'),
      rule('rating', '_nbetween', '3', '5'),
    );
    expect(buildFilter(tree, fieldOf).filter).toEqual({
      _and: [{ title: { _empty: true } }, { rating: { _nnull: true } }, { rating: { _nin: [1, 2] } }, { rating: { _nbetween: [3, 5] } }],
    });
  });

  it('keeps the dynamic values for the server to resolve', () => {
    const tree = and(rule('owner', '_eq', '$CURRENT_USER'), rule('published_on', '_between', '$NOW(-7 days)', '$NOW'));
    expect(buildFilter(tree, fieldOf).filter).toEqual({
      _and: [{ owner: { _eq: '$CURRENT_USER' } }, { published_on: { _between: ['$NOW(-7 days)', '$NOW'] } }],
    });
  });

  it('reports each condition that cannot be built by its path, and builds the others', () => {
    const tree = and(
      rule('rating', '_eq', 'high'),
      or(rule('title', '_eq', 'A'), rule('nowhere', '_eq', 'x')),
      rule('rating', '_between', '1', ''),
    );
    expect(buildFilter(tree, fieldOf)).toEqual({
      filter: { _and: [{ _or: [{ title: { _eq: 'A' } }] }] },
      errors: { '0': 'Enter a whole number.', '1.1': 'Choose a field.', '2': 'Enter a value.' },
    });
  });

  it('keys paths by their indexes joined with dots', () => {
    expect(pathKey([])).toBe('');
    expect(pathKey([2, 0, 1])).toBe('2.0.1');
  });
});

import { describe, expect, it } from 'vitest';
import { buildFilter } from './build-filter.js';
import type { FilterGroup, FilterRule } from './filter-tree.js';
import type { ValueField } from './filter-value.js';
import { readFilter, UnsupportedFilterError } from './read-filter.js';

const rule = (field: string, operator: FilterRule['operator'], ...values: string[]): FilterRule => ({
  kind: 'rule',
  field,
  operator,
  values,
});
const and = (...children: FilterGroup['children']): FilterGroup => ({ kind: 'group', logic: '_and', children });
const or = (...children: FilterGroup['children']): FilterGroup => ({ kind: 'group', logic: '_or', children });

describe('readFilter', () => {
  it('reads no filter as an empty AND group', () => {
    expect(readFilter(null)).toEqual(and());
    expect(readFilter(undefined)).toEqual(and());
  });

  it('reads nested groups, relational fields and every value shape', () => {
    const filter = {
      _and: [
        { author: { name: { _eq: 'Ada' } } },
        { _or: [{ rating: { _between: [1, 3] } }, { status: { _in: ['draft', 'review'] } }, { title: { _null: true } }] },
        { owner: { _eq: '$CURRENT_USER' } },
      ],
    };
    expect(readFilter(filter)).toEqual(
      and(
        rule('author.name', '_eq', 'Ada'),
        or(rule('rating', '_between', '1', '3'), rule('status', '_in', 'draft, review'), rule('title', '_null')),
        rule('owner', '_eq', '$CURRENT_USER'),
      ),
    );
  });

  it('reads the shorthand forms written by hand', () => {
    // Several fields in one object, several operators on one field.
    expect(readFilter({ status: { _eq: 'draft' }, rating: { _gt: 1, _lt: 5 } })).toEqual(
      and(rule('status', '_eq', 'draft'), rule('rating', '_gt', '1'), rule('rating', '_lt', '5')),
    );
    // An entry of an OR group with two fields is an AND group of its own.
    expect(readFilter({ _or: [{ a: { _eq: 1 }, b: { _eq: 2 } }, { c: { _eq: 3 } }] })).toEqual(
      or(and(rule('a', '_eq', '1'), rule('b', '_eq', '2')), rule('c', '_eq', '3')),
    );
    // _in and _between as comma-separated text.
    expect(readFilter({ rating: { _in: '1,2' }, score: { _nbetween: '1, 9' } })).toEqual(
      and(rule('rating', '_in', '1, 2'), rule('score', '_nbetween', '1', '9')),
    );
  });

  it.each([
    {
      name: 'an operator the builder does not offer',
      filter: { tags: { _some: { name: { _eq: 'x' } } } },
      message: 'The filter builder does not offer "_some".',
    },
    { name: 'an operator without a field', filter: { _eq: 1 }, message: 'The filter builder does not offer "_eq".' },
    { name: 'a group that is not a list', filter: { _and: { a: { _eq: 1 } } }, message: '"_and" must hold a list of filters.' },
    { name: 'a value where a filter belongs', filter: { title: 'x' }, message: 'A filter must be an object.' },
    { name: 'a field without a condition', filter: { title: {} }, message: 'No condition on "title".' },
    { name: 'a between with one bound', filter: { rating: { _between: [1] } }, message: '"_between" takes two values.' },
    { name: '_null: false', filter: { rating: { _null: false } }, message: '"_null: false" is not offered; use the opposite operator.' },
    { name: 'not an object', filter: [1], message: 'A filter must be an object.' },
  ])('refuses $name', ({ filter, message }) => {
    expect(() => readFilter(filter)).toThrow(UnsupportedFilterError);
    expect(() => readFilter(filter)).toThrow(message);
  });

  it('gives back the same filter after a round trip through buildFilter', () => {
    const fields: Record<string, ValueField> = {
      title: { type: 'string', dynamic: [] },
      rating: { type: 'integer', dynamic: [] },
      published_on: { type: 'dateTime', dynamic: ['$NOW'] },
      'author.name': { type: 'string', dynamic: [] },
    };
    const filter = {
      _or: [
        { _and: [{ title: { _nistarts_with: 'The ' } }, { rating: { _nin: [1, 2] } }] },
        { author: { name: { _ncontains: 'x' } } },
        { published_on: { _between: ['$NOW(-1 year)', '$NOW'] } },
        { title: { _nempty: true } },
      ],
    };
    expect(buildFilter(readFilter(filter), (path) => fields[path])).toEqual({ filter, errors: {} });
  });
});

import { describe, expect, it } from 'vitest';
import type { AnyNode, AstNode, FieldNode, RelationNode, RootAst } from './ast.types.js';
import type { DeepQuery, Query } from '../query.types.js';
import { sortsAtRandom } from './sorts-at-random.js';

const field = (key: string): FieldNode => ({ kind: 'field', key, field: key, type: 'string', fn: null, caseFilter: null });
const relation = (key: string, query: DeepQuery, children: AstNode[] = [field('id')]): RelationNode => ({
  kind: 'o2m',
  key,
  field: key,
  collection: key,
  relation: {} as RelationNode['relation'],
  children,
  query,
  rowFilter: null,
  caseFilter: null,
  keysOnly: false,
  path: key,
});
const anyOf = (branches: AstNode[][]): AnyNode => ({
  kind: 'm2a',
  key: 'item',
  field: 'item',
  collectionField: 'collection',
  relation: {} as AnyNode['relation'],
  branches: branches.map((children, i) => ({ collection: `c${i}`, children, rowFilter: null })),
  caseFilter: null,
  path: 'item',
});
const root = (query: Query, children: AstNode[] = [field('id')]): RootAst => ({ collection: 'articles', children, query, rowFilter: null });

describe('sortsAtRandom', () => {
  it("is true for `?` in the query's own sort, alone or after other fields", () => {
    expect(sortsAtRandom(root({ sort: ['?'] }))).toBe(true);
    expect(sortsAtRandom(root({ sort: ['title', '?'] }))).toBe(true);
  });

  it('is true for `?` in the sort of a relation the read selects, at any depth and in a many-to-any branch', () => {
    expect(sortsAtRandom(root({}, [field('id'), relation('comments', { sort: ['?'] })]))).toBe(true);
    expect(sortsAtRandom(root({}, [relation('comments', { sort: ['id'] }, [relation('replies', { sort: ['-id', '?'] })])]))).toBe(true);
    expect(sortsAtRandom(root({}, [relation('blocks', {}, [anyOf([[field('id')], [relation('images', { sort: ['?'] })]])])]))).toBe(true);
  });

  it('is false for fixed sorts, no sort, and a `?` that is not a sort: a filter value, a field name containing it, an unselected deep', () => {
    expect(sortsAtRandom(root({}))).toBe(false);
    expect(sortsAtRandom(root({ sort: ['-title', 'id'] }, [relation('comments', { sort: ['id'] })]))).toBe(false);
    expect(sortsAtRandom(root({ filter: { title: { _eq: '?' } } }, [relation('comments', { filter: { body: { _eq: '?' } } })]))).toBe(
      false,
    );
    expect(sortsAtRandom(root({ sort: ['-?'] }))).toBe(false);
    expect(sortsAtRandom(root({ deep: { comments: { sort: ['?'] } } }))).toBe(false);
    expect(sortsAtRandom(root({}, [relation('blocks', {}, [anyOf([[field('id')]])])]))).toBe(false);
  });
});

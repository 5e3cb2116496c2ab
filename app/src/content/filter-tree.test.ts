import { describe, expect, it } from 'vitest';
import {
  appendAt,
  countRules,
  emptyGroup,
  newRule,
  nodeAt,
  removeAt,
  updateAt,
  withField,
  withOperator,
  type FilterGroup,
} from './filter-tree.js';

const tree: FilterGroup = {
  kind: 'group',
  logic: '_and',
  children: [
    { kind: 'rule', field: 'title', operator: '_eq', values: ['A'] },
    { kind: 'group', logic: '_or', children: [{ kind: 'rule', field: 'rating', operator: '_gt', values: ['3'] }] },
  ],
};

describe('new conditions', () => {
  it('start with the first operator of the type and empty values', () => {
    expect(newRule('title', 'string')).toEqual({ kind: 'rule', field: 'title', operator: '_eq', values: [''] });
    expect(newRule('data', 'json')).toEqual({ kind: 'rule', field: 'data', operator: '_null', values: [] });
  });

  it('keep the operator on another field where it applies, with empty values', () => {
    const rule = { kind: 'rule' as const, field: 'rating', operator: '_between' as const, values: ['3', '5'] };
    expect(withField(rule, 'score', 'float')).toEqual({ ...rule, field: 'score', values: ['', ''] });
    expect(withField(rule, 'title', 'string')).toEqual(newRule('title', 'string'));
  });

  it('keep values as far as a new operator takes them', () => {
    const rule = { kind: 'rule' as const, field: 'rating', operator: '_eq' as const, values: ['3'] };
    expect(withOperator(rule, '_between').values).toEqual(['3', '']);
    expect(withOperator(withOperator(rule, '_between'), '_in').values).toEqual(['3']);
    expect(withOperator(rule, '_null').values).toEqual([]);
  });
});

describe('editing the tree by path', () => {
  it('finds nodes', () => {
    expect(nodeAt(tree, [])).toBe(tree);
    expect(nodeAt(tree, [1, 0])).toEqual({ kind: 'rule', field: 'rating', operator: '_gt', values: ['3'] });
    expect(nodeAt(tree, [0, 0])).toBeUndefined();
    expect(nodeAt(tree, [5])).toBeUndefined();
  });

  it('replaces a node without changing the original tree', () => {
    const next = updateAt(tree, [1], (node) => (node.kind === 'group' ? { ...node, logic: '_and' } : node));
    expect(nodeAt(next, [1])).toMatchObject({ logic: '_and' });
    expect(nodeAt(tree, [1])).toMatchObject({ logic: '_or' });
    expect(next.children[0]).toBe(tree.children[0]);
  });

  it('keeps the root a group', () => {
    expect(updateAt(tree, [], () => newRule('x', 'string'))).toBe(tree);
  });

  it('appends to a nested group and removes nodes', () => {
    const added = appendAt(tree, [1], emptyGroup('_and'));
    expect(nodeAt(added, [1, 1])).toEqual(emptyGroup());
    expect(countRules(added)).toBe(2);
    const removed = removeAt(added, [1, 0]);
    expect(nodeAt(removed, [1])).toEqual({ kind: 'group', logic: '_or', children: [emptyGroup()] });
    expect(countRules(removed)).toBe(1);
    expect(removeAt(tree, [])).toBe(tree);
    // Appending to a condition changes nothing.
    expect(appendAt(tree, [0], emptyGroup())).toEqual(tree);
  });
});

import { describe, expect, it } from 'vitest';
import { possibleParents } from './role-parents.js';

describe('possibleParents', () => {
  const roles = [
    { id: 'a', parent: null },
    { id: 'b', parent: 'a' },
    { id: 'c', parent: 'b' },
    { id: 'd', parent: null },
  ];
  it('leaves out the role and its descendants', () => {
    expect(possibleParents(roles, 'a').map((r) => r.id)).toEqual(['d']);
    expect(possibleParents(roles, 'b').map((r) => r.id)).toEqual(['a', 'd']);
    expect(possibleParents(roles, null)).toHaveLength(4);
  });
  it('ends on a cycle already stored', () => {
    expect(
      possibleParents(
        [
          { id: 'x', parent: 'y' },
          { id: 'y', parent: 'x' },
          { id: 'z', parent: null },
        ],
        'x',
      ).map((r) => r.id),
    ).toEqual(['z']);
  });
});

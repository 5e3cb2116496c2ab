import { describe, expect, it } from 'vitest';
import { computeSortMoves, type SortRow } from './compute-sort-moves.js';

const rows = (...sorts: (number | null)[]): SortRow[] => sorts.map((sort, i) => ({ key: i + 1, sort }));

describe('computeSortMoves', () => {
  const cases: {
    name: string;
    rows: SortRow[];
    item: string | number;
    to: string | number;
    expected: { key: string | number; sort: number }[];
  }[] = [
    {
      name: 'moves an item down: the rows between move up one place',
      rows: rows(1, 2, 3, 4, 5),
      item: 2,
      to: 4,
      expected: [
        { key: 2, sort: 4 },
        { key: 3, sort: 2 },
        { key: 4, sort: 3 },
      ],
    },
    {
      name: 'moves an item up: the rows between move down one place',
      rows: rows(1, 2, 3, 4, 5),
      item: 5,
      to: 2,
      expected: [
        { key: 2, sort: 3 },
        { key: 3, sort: 4 },
        { key: 4, sort: 5 },
        { key: 5, sort: 2 },
      ],
    },
    {
      name: 'keeps gaps outside the moved range',
      rows: rows(10, 20, 30),
      item: 1,
      to: 2,
      expected: [
        { key: 1, sort: 20 },
        { key: 2, sort: 19 },
      ],
    },
    { name: 'changes nothing when an item moves onto itself', rows: rows(1, 2, 3), item: 2, to: 2, expected: [] },
    {
      name: 'numbers rows without a value after the largest one first',
      rows: rows(1, null, 2, null),
      item: 1,
      to: 2,
      expected: [
        { key: 1, sort: 3 },
        { key: 2, sort: 2 },
        { key: 3, sort: 1 },
        { key: 4, sort: 4 },
      ],
    },
    {
      name: 'renumbers every row 1…n when values repeat',
      rows: rows(5, 5, 7),
      item: 3,
      to: 1,
      expected: [
        { key: 1, sort: 2 },
        { key: 2, sort: 3 },
        { key: 3, sort: 1 },
      ],
    },
    {
      name: 'matches string and number forms of a key',
      rows: rows(1, 2),
      item: '2',
      to: '1',
      expected: [
        { key: 1, sort: 2 },
        { key: 2, sort: 1 },
      ],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const byKey = (a: { key: string | number }, b: { key: string | number }) => String(a.key).localeCompare(String(b.key));
      expect(computeSortMoves(c.rows, c.item, c.to).sort(byKey)).toEqual([...c.expected].sort(byKey));
    });
  }

  it('is FORBIDDEN when the item or the target is not there', () => {
    expect(() => computeSortMoves(rows(1, 2), 3, 1)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => computeSortMoves(rows(1, 2), 1, 9)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });
});

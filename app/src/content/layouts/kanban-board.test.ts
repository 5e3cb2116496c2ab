import { describe, expect, it } from 'vitest';
import { boardColumns, columnFilter, columnOf, moveCard, type BoardColumn } from './kanban-board.js';

type Row = { id: number; status: string | null };

describe('the kanban board', () => {
  it('has a column per choice and one for no value', () => {
    expect(
      boardColumns(
        [
          { text: 'Draft', value: 'draft' },
          { text: 'Done', value: 'done' },
        ],
        'No value',
      ),
    ).toEqual([
      { value: 'draft', title: 'Draft' },
      { value: 'done', title: 'Done' },
      { value: null, title: 'No value' },
    ]);
  });

  it("reads a column with the toolbar's filter", () => {
    expect(columnFilter(null, 'status', 'draft')).toEqual({ status: { _eq: 'draft' } });
    expect(columnFilter({ a: { _eq: 1 } }, 'status', null)).toEqual({ _and: [{ a: { _eq: 1 } }, { status: { _null: true } }] });
  });

  it('finds the column of a value', () => {
    expect(columnOf(['draft', 'done', null], 'done')).toBe('done');
    expect(columnOf(['draft', 'done', null], 'other')).toBeNull();
    expect(columnOf(['draft', 'done', null], undefined)).toBeNull();
  });

  it('moves a card to the top of another column, not elsewhere', () => {
    const board: BoardColumn<Row>[] = [
      {
        value: 'draft',
        title: 'Draft',
        rows: [
          { id: 1, status: 'draft' },
          { id: 2, status: 'draft' },
        ],
        more: false,
      },
      { value: 'done', title: 'Done', rows: [{ id: 3, status: 'done' }], more: false },
      { value: null, title: 'No value', rows: [], more: false },
    ];
    const key = (row: Row) => String(row.id);
    const moved = moveCard(board, key, '2', 'done');
    expect(moved.map((c) => c.rows.map((r) => r.id))).toEqual([[1], [2, 3], []]);
    expect(moveCard(board, key, '2', 'draft')).toBe(board);
    expect(moveCard(board, key, '9', 'done')).toBe(board);
    expect(moveCard(board, key, '1', 'gone')).toBe(board);
    expect(moveCard(board, key, '3', null).map((c) => c.rows.map((r) => r.id))).toEqual([[1, 2], [], [3]]);
  });
});

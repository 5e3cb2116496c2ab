/**
 * The kanban layout's board (pure): a column per choice of the group field and one for no value, the filter of
 * a column's read, and a card's move from one column to another (the write to make, and the board before it for
 * a refused write).
 */
export type ChoiceValue = string | null;
export type BoardColumn<T> = { value: ChoiceValue; title: string; rows: T[]; more: boolean };

/** The columns of a group field's choices, then "No value". */
export function boardColumns(choices: { text: string; value: string }[], noValue: string): { value: ChoiceValue; title: string }[] {
  return [...choices.map((c) => ({ value: c.value, title: c.text })), { value: null, title: noValue }];
}

/** The filter of one column: the toolbar's and the group field's value (or its emptiness). */
export function columnFilter(filter: Record<string, unknown> | null, field: string, value: ChoiceValue): Record<string, unknown> {
  const own = { [field]: value === null ? { _null: true } : { _eq: value } };
  return filter ? { _and: [filter, own] } : own;
}

/** The column holding a row, by its group field's value (an unknown value: "No value"). */
export function columnOf(values: ChoiceValue[], value: unknown): ChoiceValue {
  const text = value === null || value === undefined ? null : String(value as string);
  return text !== null && values.includes(text) ? text : null;
}

/**
 * The board with the card `key` moved to the top of the column `to`; the same board when the card is not on it or
 * already there.
 */
export function moveCard<T>(columns: BoardColumn<T>[], keyOf: (row: T) => string, key: string, to: ChoiceValue): BoardColumn<T>[] {
  const from = columns.find((c) => c.rows.some((row) => keyOf(row) === key));
  if (!from || from.value === to || !columns.some((c) => c.value === to)) return columns;
  const card = from.rows.find((row) => keyOf(row) === key)!;
  return columns.map((column) => {
    if (column === from) return { ...column, rows: column.rows.filter((row) => keyOf(row) !== key) };
    if (column.value === to) return { ...column, rows: [card, ...column.rows] };
    return column;
  });
}

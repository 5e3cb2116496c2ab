import { Link, useLocation } from 'wouter-preact';
import { cellText } from './column-values.js';
import { useDisplays } from './use-displays.js';
import type { FieldPath } from './field-paths.js';
import { nextSort } from './table-query.js';

type Props = {
  collection: string;
  label: string;
  caption: string;
  columns: FieldPath[];
  rows: Record<string, unknown>[];
  primaryKey: string;
  busy: boolean;
  sort: string | null;
  onSort(sort: string): void;
  /** Check boxes per row and for the page, when the user may change items in batch. */
  selectable: boolean;
  selected: Set<string>;
  onSelect(selected: Set<string>): void;
};

/** Up to this many columns share the page's width (cut with an ellipsis); more scroll sideways. */
const FIT_COLUMNS = 8;

/** The table of one page of items: a sortable header per column (related ones too), a row opens its item. */
export function ItemsTable({
  collection,
  label,
  caption,
  columns,
  rows,
  primaryKey,
  busy,
  sort,
  onSort,
  selectable,
  selected,
  onSelect,
}: Props) {
  const [, navigate] = useLocation();
  const displays = useDisplays(columns);
  return (
    <div class="table-wrap" tabIndex={0} role="region" aria-label={`${label} table`}>
      <table aria-busy={busy} class={columns.length <= FIT_COLUMNS ? 'fit' : undefined}>
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selectable && (
              <th scope="col" class="select">
                <input
                  type="checkbox"
                  id="select-page"
                  aria-label="Select all items on this page"
                  checked={rows.length > 0 && selected.size === rows.length}
                  onChange={(e) => onSelect(e.currentTarget.checked ? new Set(rows.map((row) => String(row[primaryKey]))) : new Set())}
                />
              </th>
            )}
            {columns.map((column) => {
              const direction = sort === column.path ? 'ascending' : sort === `-${column.path}` ? 'descending' : undefined;
              return (
                <th key={column.path} scope="col" aria-sort={direction ?? 'none'}>
                  <button type="button" class="sort" title={column.label} onClick={() => onSort(nextSort(sort, column.path))}>
                    {column.label}
                    <span aria-hidden="true">{direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ''}</span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const id = String(row[primaryKey]);
            const href = `/content/${encodeURIComponent(collection)}/${encodeURIComponent(id)}`;
            return (
              <tr key={id} class="clickable" onClick={() => navigate(href)}>
                {selectable && (
                  <td class="select" onClick={(e) => e.stopPropagation()}>
                    <input
                      type="checkbox"
                      aria-label={`Select item ${id}`}
                      checked={selected.has(id)}
                      onChange={(e) => {
                        const next = new Set(selected);
                        if (e.currentTarget.checked) next.add(id);
                        else next.delete(id);
                        onSelect(next);
                      }}
                    />
                  </td>
                )}
                {columns.map((column, index) => {
                  const text = cellText(row, column);
                  const cell = displays ? displays.cellOf(row, column, text) : { kind: 'text' as const, text };
                  const shown = displays ? <displays.DisplayCell cell={cell} /> : text;
                  return (
                    <td key={column.path} title={cell.text}>
                      {index === 0 ? <Link href={href}>{shown}</Link> : shown}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

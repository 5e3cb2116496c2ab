import { useRef, useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import { cellText } from './column-values.js';
import { useDisplays } from './use-displays.js';
import type { FieldPath } from './field-paths.js';
import { ColumnMenu } from './layouts/column-menu.js';
import { ColumnResizer } from './layouts/column-resizer.js';
import { RowMover } from './layouts/row-mover.js';
import { itemHref, moveBy, moveOnto, toggled } from './list-layout.js';
import { nextSort } from './table-query.js';
import { t } from '../i18n/t.js';

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
  /** The columns' widths in pixels by path, and their change (resize handles). */
  widths?: Record<string, number>;
  onWidths?(widths: Record<string, number>): void;
  /** The columns in a new order (their menus' Move left / Move right, or a header dropped on another). */
  onColumns?(paths: string[]): void;
  /** Manual sort: the item `id` takes the place of the item `to` (drag by the grip, or Move up / Move down). */
  onMoveRow?: ((id: string, to: string) => void) | null;
};

/** Up to this many columns share the page's width (cut with an ellipsis); more scroll sideways. */
const FIT_COLUMNS = 8;

/**
 * The table of one page of items: a sortable, resizable, movable header per column (related ones too), a row
 * opens its item; with manual sort, rows move by drag or by their Move up / Move down buttons.
 */
export function ItemsTable(props: Props) {
  const { collection, label, caption, columns, rows, primaryKey, busy, sort, onSort, selectable, selected, onSelect } = props;
  const { onWidths, onColumns, onMoveRow } = props;
  const [, navigate] = useLocation();
  const displays = useDisplays(columns);
  // Widths while a pointer drags a handle (saved when it lets go).
  const [dragged, setDragged] = useState<Record<string, number>>({});
  const widths = { ...(props.widths ?? {}), ...dragged };
  const dragging = useRef<{ kind: 'column' | 'row'; key: string } | null>(null);
  const order = columns.map((c) => c.path);
  const ids = rows.map((row) => String(row[primaryKey]));
  const dropOn = (kind: 'column' | 'row', key: string) => ({
    onDragOver: (event: DragEvent) => {
      if (dragging.current?.kind === kind) event.preventDefault();
    },
    onDrop: (event: DragEvent) => {
      const from = dragging.current;
      dragging.current = null;
      if (from?.kind !== kind || from.key === key) return;
      event.preventDefault();
      if (kind === 'column') onColumns?.(moveOnto(order, from.key, key));
      else onMoveRow?.(from.key, key);
    },
  });

  return (
    <div class="table-wrap" tabIndex={0} role="region" aria-label={t('{label} table', { label })}>
      <table aria-busy={busy} class={columns.length <= FIT_COLUMNS ? 'fit' : undefined}>
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {onMoveRow && (
              <th scope="col" class="manual">
                <span class="visually-hidden">{t('Order')}</span>
              </th>
            )}
            {selectable && (
              <th scope="col" class="select">
                <input
                  type="checkbox"
                  id="select-page"
                  aria-label={t('Select all items on this page')}
                  checked={rows.length > 0 && selected.size === rows.length}
                  onChange={(e) => onSelect(e.currentTarget.checked ? new Set(ids) : new Set())}
                />
              </th>
            )}
            {columns.map((column, index) => {
              const direction = sort === column.path ? 'ascending' : sort === `-${column.path}` ? 'descending' : undefined;
              const width = widths[column.path] ?? null;
              return (
                <th
                  key={column.path}
                  scope="col"
                  aria-sort={direction ?? 'none'}
                  style={width ? { width: `${width}px` } : undefined}
                  draggable={Boolean(onColumns)}
                  onDragStart={(event) => {
                    if ((event.target as Element).closest('.col-resize')) return event.preventDefault();
                    event.dataTransfer?.setData('text/plain', column.path);
                    dragging.current = { kind: 'column', key: column.path };
                  }}
                  {...dropOn('column', column.path)}
                >
                  <div class="th-inner">
                    <button type="button" class="sort" title={column.label} onClick={() => onSort(nextSort(sort, column.path))}>
                      {column.label}
                      <span aria-hidden="true">{direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ''}</span>
                    </button>
                    {onColumns && (
                      <ColumnMenu
                        label={column.label}
                        first={index === 0}
                        last={index === columns.length - 1}
                        move={(by) => onColumns(moveBy(order, index, by))}
                      />
                    )}
                  </div>
                  {onWidths && (
                    <ColumnResizer
                      label={column.label}
                      width={width}
                      resize={(next, done) => {
                        if (!done) return setDragged({ [column.path]: next });
                        setDragged({});
                        onWidths({ ...(props.widths ?? {}), [column.path]: next });
                      }}
                    />
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const id = ids[index]!;
            const href = itemHref(collection, id);
            return (
              <tr
                key={id}
                class="clickable"
                // A click on the row's own link is the link's (one history entry, not two).
                onClick={(e) => {
                  if (!(e.target as Element | null)?.closest?.('a[href]')) navigate(href);
                }}
                {...(onMoveRow ? dropOn('row', id) : {})}
              >
                {onMoveRow && (
                  <RowMover
                    id={id}
                    first={index === 0}
                    last={index === rows.length - 1}
                    move={(by) => onMoveRow(id, ids[index + by]!)}
                    grab={() => (dragging.current = { kind: 'row', key: id })}
                  />
                )}
                {selectable && (
                  <td class="select" onClick={(e) => e.stopPropagation()}>
                    <input
                      type="checkbox"
                      aria-label={t('Select item {id}', { id })}
                      checked={selected.has(id)}
                      onChange={(e) => onSelect(toggled(selected, id, e.currentTarget.checked))}
                    />
                  </td>
                )}
                {columns.map((column, columnIndex) => {
                  const text = cellText(row, column);
                  const cell = displays ? displays.cellOf(row, column, text) : { kind: 'text' as const, text };
                  const shown = displays ? <displays.DisplayCell cell={cell} /> : text;
                  return (
                    <td key={column.path} title={cell.text}>
                      {columnIndex === 0 ? <Link href={href}>{shown}</Link> : shown}
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

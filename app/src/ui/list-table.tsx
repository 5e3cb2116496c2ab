import type { ComponentChildren } from 'preact';
import { t } from '../i18n/t.js';

/** A column of a list: its header, and what a row shows in it. */
export type ListColumn<T> = { header: string; cell: (row: T) => ComponentChildren };

/** Columns made at load time with English headers (marked `msg`), their headers in the current language. */
export function translatedColumns<T>(columns: readonly ListColumn<T>[]): ListColumn<T>[] {
  return columns.map((column) => ({ ...column, header: t(column.header) }));
}

/** "Previous page" and "Next page" around the current page; the next one exists when `hasNext`. */
export type ListPager = { page: number; hasNext: boolean; onPage: (page: number) => void };

export type ListTableProps<T> = {
  /** The name of the table's scrolling region ("Users table"); the region takes focus so keys can scroll it. */
  label: string;
  /** A caption read by screen readers only. */
  caption?: string;
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  /** The text of the one row shown when there are none. */
  empty?: string;
  /** Paging under the table, when the list has pages. */
  pager?: ListPager;
};

/** The lists of the app's pages: a scrollable table of rows, one column per field, and its pager. */
export function ListTable<T extends { id: string | number }>({ label, caption, columns, rows, empty, pager }: ListTableProps<T>) {
  return (
    <>
      <div class="table-wrap" tabIndex={0} role="region" aria-label={label}>
        <table>
          {caption !== undefined && <caption class="visually-hidden">{caption}</caption>}
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && empty !== undefined && (
              <tr>
                <td colSpan={columns.length}>{empty}</td>
              </tr>
            )}
            {rows.map((row) => (
              <tr key={row.id}>
                {columns.map((column) => (
                  <td key={column.header}>{column.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pager && (
        <nav class="pager" aria-label={t('Pages')}>
          <button type="button" disabled={pager.page <= 1} onClick={() => pager.onPage(pager.page - 1)}>
            {t('Previous page')}
          </button>
          <span aria-live="polite">{t('Page {page}', { page: pager.page })}</span>
          <button type="button" disabled={!pager.hasNext} onClick={() => pager.onPage(pager.page + 1)}>
            {t('Next page')}
          </button>
        </nav>
      )}
    </>
  );
}

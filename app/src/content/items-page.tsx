import type { ComponentProps } from 'preact';
import { utilitySort } from '@directus/sdk';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { Link, useLocation, useSearch } from 'wouter-preact';
import { errorStatus, requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { LiveNote, useLiveRefresh } from '../realtime/live.js';
import { BatchEdit } from './batch-edit.js';
import { batchEditFields } from './batch-payload.js';
import { ColumnChooser } from './column-chooser.js';
import { requestedFields } from './column-values.js';
import { deleteMany, fieldLabel, readPage, type Page, type PageQuery } from './content-api.js';
import { visibleColumns } from './field-paths.js';
import { countConditions } from './filter-count.js';
import { FilterBuilder } from './filter-builder.js';
import { ItemsTable } from './items-table.js';
import { ListPager } from './list-pager.js';
import { allows } from './form-fields.js';
import { lazyPage } from '../lazy-page.js';
import { availableLayouts, cardFields, cardPlan } from './layouts/layout-fields.js';
import { LayoutChooser } from './layouts/layout-chooser.js';
import {
  columnWidths,
  optionsOf,
  parseListView,
  withLayout,
  withListView,
  withOptions,
  type LayoutOptions,
  type ListView,
} from './list-layout.js';
import { ManualFlows } from './manual-flows.js';
import { PageHeader } from '../shell/page-header.js';
import { SavedViews } from './saved-views.js';
import { readTableSchema, type TableSchema } from './table-api.js';
import { parseTableQuery, tableQueryString } from './table-query.js';
import { plural, t } from '../i18n/t.js';

// The import and export panel is fetched on first use (the sign-in bundle does not carry it).
const ImportExport = lazyPage(() => import('./import-export.js').then((m) => m.ImportExport));
// The page is itself a chunk with the table; each other layout is its own chunk, fetched when first shown.
const CardsLayout = lazyPage(() => import('./layouts/cards-layout.js').then((m) => m.CardsLayout));
const CalendarLayout = lazyPage(() => import('./layouts/calendar-layout.js').then((m) => m.CalendarLayout));
const KanbanLayout = lazyPage(() => import('./layouts/kanban-layout.js').then((m) => m.KanbanLayout));

/** The calendar or the kanban board: the same props, each its own chunk. */
function BoardLayout({ layout, ...props }: { layout: 'calendar' | 'kanban' } & ComponentProps<typeof CalendarLayout>) {
  return layout === 'calendar' ? <CalendarLayout {...props} /> : <KanbanLayout {...props} />;
}

/**
 * A page of a collection's items: a header (title, "Create item"), a toolbar (search, and the filter builder,
 * column choice and saved views as disclosure panels, closed by default so the table starts near the top),
 * a layout (the table, cards, a calendar or a kanban board, with their options), server-side paging, and batch
 * edit and delete of the selected rows; a row opens the item. The list's state, its layout and every layout's
 * options included, is in the address.
 */
export function ItemsPage({ collection }: { collection: string }) {
  const { client } = useSession();
  const [, navigate] = useLocation();
  const search = useSearch();
  const query = parseTableQuery(search);
  const view = parseListView(search);
  const [schema, setSchema] = useState<TableSchema | null>(null);
  // The page on screen and the query it answers (the address may already ask for the next one).
  const [page, setPage] = useState<(Page & { key: string; query: PageQuery }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [searchText, setSearchText] = useState(query.search);
  // Keys of the selected rows (for batch edit and delete); cleared whenever another page is shown.
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState(false);
  // Raised after a batch change so the page is read again.
  const [reloads, setReloads] = useState(0);

  // Layout effects here and for the page's read: the requests start when the page is committed, not a frame later
  // (decision 0182).
  useLayoutEffect(() => {
    setSchema(null);
    setPage(null);
    setError(null);
    setStatus(null);
    setEditing(false);
    // Only the fields the user may read become columns and filter fields (asking for another one would be a 403).
    readTableSchema(client, collection).then(setSchema, (failure: unknown) => setError(requestMessage(failure)));
  }, [client, collection]);

  const columns = schema ? visibleColumns(schema.paths, query.fields) : [];
  const primaryKey = schema?.primaryKey ?? 'id';
  const layout = schema && !availableLayouts(schema.paths).includes(view.layout) ? 'tabular' : view.layout;
  const options = optionsOf(view, layout);
  // The table and the cards show pages read here; the calendar and the kanban board read for themselves.
  const paged = layout === 'tabular' || layout === 'cards';
  const requested = schema && layout === 'cards' ? cardFields(cardPlan(collection, schema, options)) : requestedFields(primaryKey, columns);
  // Without a sort of its own, a collection with a sort field is in its manual order (as in Directus).
  const reading = { ...query, sort: query.sort ?? schema?.sortField ?? null };
  const key = `${collection}|${layout}|${requested.join(',')}|${tableQueryString(reading)}`;
  const editable = schema ? batchEditFields(schema.fields, schema.access) : [];
  const canCreate = (schema?.access.create?.access ?? 'none') !== 'none';
  const canDelete = (schema?.access.delete?.access ?? 'none') !== 'none';
  const canEdit = editable.length > 0;
  const sortField = schema?.sortField ?? null;
  const canReorder = layout === 'tabular' && sortField !== null && reading.sort === sortField && allows(schema?.access.update, sortField);

  // Someone's create, update or delete in the collection: the page is read again, keeping the selection and the
  // batch editor (a selected row that is gone leaves the selection).
  const live = useLiveRefresh(schema ? { collection, query: { fields: [primaryKey], limit: 1 } } : null);
  const liveChanges = useRef(live.changes);

  useLayoutEffect(() => {
    if (!schema || !paged) return;
    let cancelled = false;
    const loading = { key, query };
    const soft = liveChanges.current !== live.changes;
    liveChanges.current = live.changes;
    readPage(client, collection, requested, reading).then(
      (result) => {
        if (cancelled) return;
        setError(null);
        setPage({ ...result, ...loading });
        if (soft) {
          const present = new Set(result.rows.map((row) => String(row[primaryKey])));
          setSelected((current) => new Set([...current].filter((k) => present.has(k))));
          return;
        }
        setSelected(new Set());
        setEditing(false);
      },
      (failure) => {
        if (!cancelled) setError(requestMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
    // `key` stands for collection, requested fields and query.
  }, [client, key, schema, reloads, live.changes]);

  const deleteSelected = async () => {
    const keys = [...selected];
    const question = plural(
      keys.length,
      'Delete {count} item of {collection}? This cannot be undone.',
      'Delete {count} items of {collection}? This cannot be undone.',
      { collection: fieldLabel(collection) },
    );
    if (!window.confirm(question)) return;
    try {
      await deleteMany(client, collection, keys);
      setStatus(plural(keys.length, 'Deleted {count} item.', 'Deleted {count} items.'));
      setReloads((n) => n + 1);
    } catch (failure) {
      setError(requestMessage(failure));
    }
  };

  const loading = page?.key !== key;
  const shown = page?.query ?? query;
  // `replace`: a change not worth a step of the browser's history (a column's width, one arrow key at a time).
  const go = (next: Partial<PageQuery>, nextView: ListView = view, replace = false) => {
    setStatus(null);
    navigate(`/content/${encodeURIComponent(collection)}${withListView(tableQueryString({ ...query, ...next }), nextView)}`, { replace });
  };
  const setOptions = (next: LayoutOptions, replace = false) => go({}, withOptions(view, next, layout), replace);
  const reorder = async (item: string, to: string) => {
    try {
      await client.request(utilitySort(collection as never, item, to));
      setStatus(t('Saved the new order.'));
      setReloads((n) => n + 1);
    } catch (failure) {
      setError(errorStatus(failure) === 403 ? t('You may not reorder these items.') : requestMessage(failure));
    }
  };
  const pages = page ? Math.max(1, Math.ceil(page.total / shown.limit)) : 1;
  const label = fieldLabel(collection);
  const conditions = countConditions(query.filter);

  return (
    <section aria-labelledby="page-title">
      <PageHeader crumbs={[{ label: t('Content'), href: '/content' }, { label }]} title={label}>
        <LiveNote state={live.state} />
        {canCreate && (
          <Link class="button" href={`/content/${encodeURIComponent(collection)}/+`}>
            {t('Create item')}
          </Link>
        )}
      </PageHeader>
      <div class="list-toolbar">
        <form
          class="search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            go({ search: searchText.trim(), page: 1 });
          }}
        >
          <label for="search">{t('Search')}</label>
          <input id="search" type="search" value={searchText} onInput={(e) => setSearchText(e.currentTarget.value)} />
          <button type="submit">{t('Search')}</button>
        </form>
        {schema && <LayoutChooser paths={schema.paths} layout={layout} choose={(next) => go({ page: 1 }, withLayout(view, next))} />}
        {schema && (
          <details class="panel filter-panel">
            <summary>{conditions > 0 ? t('Filter ({count})', { count: conditions }) : t('Filter')}</summary>
            <FilterBuilder paths={schema.paths} filter={query.filter} apply={(filter) => go({ filter, page: 1 })} />
          </details>
        )}
        {schema && layout === 'tabular' && (
          <ColumnChooser paths={schema.paths} shown={columns.map((c) => c.path)} choose={(fields) => go({ fields })} />
        )}
        <details class="panel views-panel">
          <summary>{t('Views')}</summary>
          <SavedViews
            collection={collection}
            query={query}
            view={view}
            apply={(saved) => {
              setSearchText(saved.query.search);
              go({ ...saved.query, page: 1 }, saved.view);
            }}
          />
        </details>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {status && <p role="status">{status}</p>}
      {schema && (layout === 'calendar' || layout === 'kanban') && (
        <BoardLayout
          layout={layout}
          collection={collection}
          label={label}
          schema={schema}
          query={query}
          options={options}
          setOptions={setOptions}
          changes={live.changes}
        />
      )}
      {paged && !error && !page && <p aria-live="polite">{t('Loading items…')}</p>}
      {paged && schema && page && (
        <>
          {layout === 'cards' ? (
            <CardsLayout
              collection={collection}
              label={label}
              schema={schema}
              rows={page.rows}
              busy={loading}
              options={options}
              setOptions={setOptions}
              selectable={canDelete || canEdit}
              selected={selected}
              onSelect={setSelected}
            />
          ) : (
            <ItemsTable
              collection={collection}
              label={label}
              caption={t('{label}, page {page} of {pages}', { label, page: shown.page, pages })}
              columns={columns}
              rows={page.rows}
              primaryKey={primaryKey}
              busy={loading}
              sort={reading.sort}
              onSort={(sort) => go({ sort, page: 1 })}
              selectable={canDelete || canEdit}
              selected={selected}
              onSelect={setSelected}
              widths={columnWidths(options)}
              onWidths={(widths) => setOptions({ ...options, widths }, true)}
              onColumns={(fields) => go({ fields })}
              onMoveRow={canReorder ? (item, to) => void reorder(item, to) : null}
            />
          )}
          {(canDelete || canEdit) && (
            <p class="batch">
              {canEdit && (
                <button type="button" disabled={selected.size === 0} aria-expanded={editing} onClick={() => setEditing(true)}>
                  {t('Edit selected ({count})', { count: selected.size })}
                </button>
              )}
              {canDelete && (
                <button type="button" class="danger" disabled={selected.size === 0} onClick={() => void deleteSelected()}>
                  {t('Delete selected ({count})', { count: selected.size })}
                </button>
              )}
            </p>
          )}
          <ManualFlows collection={collection} keys={[...selected]} where="list" ran={() => setReloads((n) => n + 1)} />
          <ImportExport
            collection={collection}
            scope={{ fields: requested, filter: query.filter, search: query.search }}
            canImport={canCreate}
            imported={() => setReloads((n) => n + 1)}
          />
          {editing && selected.size > 0 && (
            <BatchEdit
              collection={collection}
              fields={editable}
              keys={[...selected]}
              cancel={() => setEditing(false)}
              done={(count) => {
                setEditing(false);
                setStatus(plural(count, 'Updated {count} item.', 'Updated {count} items.'));
                setReloads((n) => n + 1);
              }}
            />
          )}
          {page.rows.length === 0 && (
            <p>{shown.filter ? t('No items match this filter.') : shown.search ? t('No items match this search.') : t('No items yet.')}</p>
          )}
          <ListPager total={page.total} page={shown.page} limit={shown.limit} size={query.limit} loading={loading} go={go} />
        </>
      )}
    </section>
  );
}

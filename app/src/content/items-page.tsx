import { useEffect, useState } from 'preact/hooks';
import { Link, useLocation, useSearch } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { allows } from './form-fields.js';
import { SavedViews } from './saved-views.js';
import { deleteMany, fieldLabel, formatValue, readAccess, readFields, readPage, type FieldInfo, type Page, type PageQuery } from './content-api.js';

export const PAGE_SIZES = [25, 50, 100] as const;
const PAGE_SIZE = PAGE_SIZES[0];
const MAX_COLUMNS = 8;

/** The table state lives in the address (`?page=2&limit=50&sort=-title&search=x`), so a reload or a link keeps it. */
export function parseTableQuery(search: string): PageQuery {
  const params = new URLSearchParams(search);
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const limit = Number.parseInt(params.get('limit') ?? '', 10);
  return {
    page: Number.isFinite(page) && page > 0 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : PAGE_SIZE,
    sort: params.get('sort') || null,
    search: params.get('search') ?? '',
  };
}

export function tableQueryString(query: PageQuery): string {
  const params = new URLSearchParams();
  if (query.page > 1) params.set('page', String(query.page));
  if (query.limit !== PAGE_SIZE) params.set('limit', String(query.limit));
  if (query.sort) params.set('sort', query.sort);
  if (query.search) params.set('search', query.search);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Next sort for a click on a column header: ascending, then descending, then ascending again. */
export function nextSort(current: string | null, field: string): string {
  return current === field ? `-${field}` : field;
}

/** A page of a collection's items: sortable columns, search, server-side paging; a row opens the item. */
export function ItemsPage({ collection }: { collection: string }) {
  const { client } = useSession();
  const [, navigate] = useLocation();
  const query = parseTableQuery(useSearch());
  const [fields, setFields] = useState<FieldInfo[] | null>(null);
  // The page on screen and the query it answers (the address may already ask for the next one).
  const [page, setPage] = useState<(Page & { key: string; query: PageQuery }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searchText, setSearchText] = useState(query.search);
  const [canCreate, setCanCreate] = useState(false);
  const [canDelete, setCanDelete] = useState(false);
  // Keys of the selected rows (for batch delete); cleared whenever another page is shown.
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // Raised after a batch change so the page is read again.
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    setFields(null);
    setPage(null);
    setError(null);
    setCanCreate(false);
    setCanDelete(false);
    // Only the fields the user may read become columns (asking for another one would be a 403).
    Promise.all([readFields(client, collection), readAccess(client, collection)]).then(
      ([all, access]) => {
        setFields(all.filter((f) => allows(access.read, f.field)));
        setCanCreate((access.create?.access ?? 'none') !== 'none');
        setCanDelete((access.delete?.access ?? 'none') !== 'none');
      },
      (failure: unknown) => setError(requestMessage(failure)),
    );
  }, [client, collection]);

  const columns = (fields ?? []).filter((f) => !f.hidden).slice(0, MAX_COLUMNS);
  const primaryKey = (fields ?? []).find((f) => f.primaryKey)?.field ?? 'id';
  const requested = [...new Set([primaryKey, ...columns.map((c) => c.field)])];
  const key = `${collection}|${requested.join(',')}|${tableQueryString(query)}`;

  useEffect(() => {
    if (!fields) return;
    let cancelled = false;
    const loading = { key, query };
    readPage(client, collection, requested, query).then(
      (result) => {
        if (cancelled) return;
        setPage({ ...result, ...loading });
        setSelected(new Set());
      },
      (failure) => {
        if (!cancelled) setError(requestMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
    // `key` stands for collection, requested fields and query.
  }, [client, key, fields, reloads]);

  const deleteSelected = async () => {
    const keys = [...selected];
    if (!window.confirm(`Delete ${keys.length} item${keys.length === 1 ? '' : 's'} of ${fieldLabel(collection)}? This cannot be undone.`)) return;
    try {
      await deleteMany(client, collection, keys);
      setReloads((n) => n + 1);
    } catch (failure) {
      setError(requestMessage(failure));
    }
  };

  const loading = page?.key !== key;
  const shown = page?.query ?? query;
  const go = (next: Partial<PageQuery>) => navigate(`/content/${encodeURIComponent(collection)}${tableQueryString({ ...query, ...next })}`);
  const pages = page ? Math.max(1, Math.ceil(page.total / shown.limit)) : 1;
  const first = page && page.total > 0 ? (shown.page - 1) * shown.limit + 1 : 0;
  const last = page ? Math.min(shown.page * shown.limit, page.total) : 0;

  return (
    <section aria-labelledby="page-title">
      <p class="breadcrumb">
        <Link href="/content">Content</Link> / {fieldLabel(collection)}
      </p>
      <h1 id="page-title">{fieldLabel(collection)}</h1>
      {canCreate && (
        <Link class="button" href={`/content/${encodeURIComponent(collection)}/+`}>
          Create item
        </Link>
      )}
      <form
        class="search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          go({ search: searchText.trim(), page: 1 });
        }}
      >
        <label for="search">Search</label>
        <input id="search" type="search" value={searchText} onInput={(e) => setSearchText(e.currentTarget.value)} />
        <button type="submit">Search</button>
      </form>
      <SavedViews
        collection={collection}
        query={query}
        apply={(view) => {
          setSearchText(view.search);
          go({ ...view, page: 1 });
        }}
      />
      {error && <p class="error" role="alert">{error}</p>}
      {!error && !page && <p aria-live="polite">Loading items…</p>}
      {page && (
        <>
          <div class="table-wrap" tabIndex={0} role="region" aria-label={`${fieldLabel(collection)} table`}>
            <table aria-busy={loading}>
              <caption class="visually-hidden">{`${fieldLabel(collection)}, page ${shown.page} of ${pages}`}</caption>
              <thead>
                <tr>
                  {canDelete && (
                    <th scope="col" class="select">
                      <input
                        type="checkbox"
                        id="select-page"
                        aria-label="Select all items on this page"
                        checked={page.rows.length > 0 && selected.size === page.rows.length}
                        onChange={(e) => setSelected(e.currentTarget.checked ? new Set(page.rows.map((row) => String(row[primaryKey]))) : new Set())}
                      />
                    </th>
                  )}
                  {columns.map((column) => {
                    const direction = query.sort === column.field ? 'ascending' : query.sort === `-${column.field}` ? 'descending' : undefined;
                    return (
                      <th key={column.field} scope="col" aria-sort={direction ?? 'none'}>
                        <button type="button" class="sort" onClick={() => go({ sort: nextSort(query.sort, column.field), page: 1 })}>
                          {fieldLabel(column.field)}
                          <span aria-hidden="true">{direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ''}</span>
                        </button>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {page.rows.map((row) => {
                  const id = String(row[primaryKey]);
                  const href = `/content/${encodeURIComponent(collection)}/${encodeURIComponent(id)}`;
                  return (
                    <tr key={id} class="clickable" onClick={() => navigate(href)}>
                      {canDelete && (
                        <td class="select" onClick={(e) => e.stopPropagation()}>
                          <input
                            type="checkbox"
                            aria-label={`Select item ${id}`}
                            checked={selected.has(id)}
                            onChange={(e) => {
                              const next = new Set(selected);
                              if (e.currentTarget.checked) next.add(id);
                              else next.delete(id);
                              setSelected(next);
                            }}
                          />
                        </td>
                      )}
                      {columns.map((column, index) => (
                        <td key={column.field}>{index === 0 ? <Link href={href}>{formatValue(row[column.field])}</Link> : formatValue(row[column.field])}</td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {canDelete && (
            <p class="batch">
              <button type="button" class="danger" disabled={selected.size === 0} onClick={() => void deleteSelected()}>
                Delete selected ({selected.size})
              </button>
            </p>
          )}
          {page.rows.length === 0 && <p>No items{shown.search ? ' match this search' : ' yet'}.</p>}
          <nav class="pager" aria-label="Pages">
            <button type="button" disabled={loading || shown.page <= 1} onClick={() => go({ page: shown.page - 1 })}>
              Previous page
            </button>
            <span aria-live="polite">
              {page.total > 0 ? `Items ${first}–${last} of ${page.total}` : 'No items'} · Page {shown.page} of {pages}
            </span>
            <button type="button" disabled={loading || shown.page >= pages} onClick={() => go({ page: shown.page + 1 })}>
              Next page
            </button>
            <label for="page-size">Items per page</label>
            <select id="page-size" value={String(query.limit)} onChange={(e) => go({ limit: Number(e.currentTarget.value), page: 1 })}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={String(size)}>
                  {size}
                </option>
              ))}
            </select>
          </nav>
        </>
      )}
    </section>
  );
}

import type { PageQuery } from './content-api.js';
import { PAGE_SIZES } from './table-query.js';
import { t } from '../i18n/t.js';

type Props = {
  /** Items matching in all, the page shown and its size, the page size asked for (the address may be ahead). */
  total: number;
  page: number;
  limit: number;
  size: number;
  loading: boolean;
  go(next: Partial<PageQuery>): void;
};

/** The list's pager (the table's and the cards'): first, previous, where, next, last, and the page size. */
export function ListPager({ total, page, limit, size, loading, go }: Props) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total > 0 ? (page - 1) * limit + 1 : 0;
  const last = Math.min(page * limit, total);
  return (
    <nav class="pager" aria-label={t('Pages')}>
      <button type="button" disabled={loading || page <= 1} onClick={() => go({ page: 1 })}>
        {t('First page')}
      </button>
      <button type="button" disabled={loading || page <= 1} onClick={() => go({ page: page - 1 })}>
        {t('Previous page')}
      </button>
      <span aria-live="polite">
        {total > 0 ? t('Items {first}–{last} of {total}', { first, last, total }) : t('No items')} ·{' '}
        {t('Page {page} of {pages}', { page, pages })}
      </span>
      <button type="button" disabled={loading || page >= pages} onClick={() => go({ page: page + 1 })}>
        {t('Next page')}
      </button>
      <button type="button" disabled={loading || page >= pages} onClick={() => go({ page: pages })}>
        {t('Last page')}
      </button>
      <label for="page-size">{t('Items per page')}</label>
      <select id="page-size" value={String(size)} onChange={(e) => go({ limit: Number(e.currentTarget.value), page: 1 })}>
        {PAGE_SIZES.map((option) => (
          <option key={option} value={String(option)}>
            {option}
          </option>
        ))}
      </select>
    </nav>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { LiveNote, useLiveRefresh } from '../realtime/live.js';
import type { LiveSubscription } from '../realtime/live-connection.js';
import { readableCollections } from '../content/content-api.js';
import { USERS_PLAN } from '../content/display-value.js';
import { readOptions, searchRelated } from '../content/related-api.js';
import { RelatedSearch } from '../content/related-search.js';
import { ACTIONS, exportUrl, readActivityPage, type ActivityFilters, type ActivityRow } from './activity-api.js';
import { ActivityTable } from './activity-table.js';
import { t } from '../i18n/t.js';

const PAGE_SIZE = 50;
const ACTIVITY_SUBSCRIPTION: LiveSubscription = { collection: 'service_activity', event: 'create', query: { fields: ['id'], limit: 1 } };
const NO_FILTERS: ActivityFilters = { action: '', collection: '', user: '', from: '', to: '' };

/** The activity the user may read: filters (action, collection, user, dates), paging, and export as CSV or JSON. */
export function ActivityPage() {
  const { client } = useSession();
  const [draft, setDraft] = useState<ActivityFilters>(NO_FILTERS);
  // The chosen user's name, shown in the user picker.
  const [userText, setUserText] = useState('');
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<ActivityRow[] | null>(null);
  // The names of the rows' users that the caller may read (the others show their key).
  const [userNames, setUserNames] = useState<Map<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  // New activity: the page is read again. The server writes activity rows beside the writes they record, and
  // tells subscribers of service_activity when it announces them; a write to any collection the user may read
  // announces new activity too.
  const [collections, setCollections] = useState<string[] | null>(null);
  useEffect(() => {
    readableCollections(client).then(
      (list) => setCollections(list.map((c) => c.collection)),
      () => setCollections([]),
    );
  }, [client]);
  const live = useLiveRefresh(
    collections && [ACTIVITY_SUBSCRIPTION, ...collections.map((collection) => ({ collection, query: { fields: ['*'], limit: 1 } }))],
  );

  useEffect(() => {
    let cancelled = false;
    setError(null);
    readActivityPage(client, filters, page, PAGE_SIZE).then(
      (list) => {
        if (cancelled) return;
        setRows(list);
        readOptions(
          client,
          USERS_PLAN,
          list.flatMap((row) => (row.user ? [row.user] : [])),
        ).then(
          (names) => {
            if (!cancelled) setUserNames(names);
          },
          () => undefined,
        );
      },
      (failure: unknown) => {
        if (!cancelled) setError(requestMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, filters, page, live.changes]);

  const set = (key: keyof ActivityFilters) => (event: Event) =>
    setDraft({ ...draft, [key]: (event.currentTarget as HTMLInputElement).value });

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('Activity')}</h1>
      <LiveNote state={live.state} />
      <form
        class="filters"
        aria-label={t('Filter activity')}
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setFilters(draft);
        }}
      >
        <div class="field">
          <label for="activity-action">{t('Action')}</label>
          <select id="activity-action" value={draft.action} onChange={set('action')}>
            <option value="">{t('Any')}</option>
            {ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="activity-collection">{t('Collection')}</label>
          <input id="activity-collection" value={draft.collection} onInput={set('collection')} />
        </div>
        <div class="field">
          <label for="activity-user">{t('User')}</label>
          <div class="picker">
            <RelatedSearch
              id="activity-user"
              display={userText}
              placeholder={t('Anyone')}
              search={(query) => searchRelated(client, USERS_PLAN, query)}
              onChoose={(option) => {
                setUserText(option.text);
                setDraft({ ...draft, user: String(option.key) });
              }}
            />
            {draft.user && (
              <button
                type="button"
                onClick={() => {
                  setUserText('');
                  setDraft({ ...draft, user: '' });
                }}
              >
                {t('Any user')}
              </button>
            )}
          </div>
        </div>
        <div class="field">
          <label for="activity-from">{t('From')}</label>
          <input id="activity-from" type="date" value={draft.from} onInput={set('from')} />
        </div>
        <div class="field">
          <label for="activity-to">{t('To')}</label>
          <input id="activity-to" type="date" value={draft.to} onInput={set('to')} />
        </div>
        <div class="field">
          <button type="submit">{t('Apply filters')}</button>
        </div>
      </form>
      <p class="exports">
        {t('Export what the filters select:')}{' '}
        <a href={exportUrl(filters, 'csv')} download="activity.csv">
          CSV
        </a>{' '}
        ·{' '}
        <a href={exportUrl(filters, 'json')} download="activity.json">
          JSON
        </a>
      </p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!rows && !error && <p aria-live="polite">{t('Loading activity…')}</p>}
      {rows && (
        <ActivityTable
          label={t('Activity table')}
          caption={t('Activity, page {page}', { page })}
          rows={rows}
          empty={t('No activity matches.')}
          userNames={userNames}
          pager={{ page, hasNext: rows.length >= PAGE_SIZE, onPage: setPage }}
        />
      )}
    </section>
  );
}

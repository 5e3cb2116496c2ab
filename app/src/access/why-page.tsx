import './access.css';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLocation, useSearch } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { USERS_PLAN } from '../content/display-value.js';
import { readRelatedOption, searchRelated } from '../content/related-api.js';
import { RelatedSearch } from '../content/related-search.js';
import { allCollections, explainAccess } from './access-api.js';
import { traceOf, type Trace } from './explain-trace.js';
import { MATRIX_ACTIONS } from './permission-matrix.js';
import { t } from '../i18n/t.js';

type Question = { user: string; collection: string; action: string; item: string };

const questionOf = (search: string): Question => {
  const p = new URLSearchParams(search);
  return { user: p.get('user') ?? '', collection: p.get('collection') ?? '', action: p.get('action') ?? 'read', item: p.get('item') ?? '' };
};

/**
 * `/why?user=&collection=&action=&item=`: why a user may or may not do an action on a collection or one item,
 * from the server's explanation (`GET /permissions/me/<collection>[/<item>]?explain=true&user=<id>`).
 */
export function WhyPage() {
  const { client } = useSession();
  const search = useSearch();
  const [, navigate] = useLocation();
  const asked = questionOf(search);
  const [draft, setDraft] = useState<Question>(asked);
  // The chosen user's name in the picker.
  const [userText, setUserText] = useState('');
  const [collections, setCollections] = useState<string[]>([]);
  const [trace, setTrace] = useState<Trace | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The form follows the address when it changes, not on the first render (see users-page.tsx).
  const shownSearch = useRef(search);

  useEffect(() => {
    allCollections(client).then(setCollections, () => setCollections([]));
  }, [client]);
  useEffect(() => {
    if (shownSearch.current !== search) {
      shownSearch.current = search;
      setDraft(asked);
    }
    setTrace(null);
    setError(null);
    if (asked.user) {
      readRelatedOption(client, USERS_PLAN, asked.user).then(
        (option) => setUserText(option.text),
        () => setUserText(asked.user),
      );
    }
    if (!asked.user || !asked.collection) return;
    explainAccess(client, asked.user, asked.collection, asked.item.trim()).then(
      (explanation) => setTrace(traceOf(explanation, asked.action)),
      (failure: unknown) => setError(requestMessage(failure)),
    );
  }, [client, search]);

  const select = (field: 'collection' | 'action', label: string, options: { value: string; text: string }[]) => (
    <div class="field">
      <label for={`why-${field}`}>{label}</label>
      <select id={`why-${field}`} value={draft[field]} onChange={(e) => setDraft({ ...draft, [field]: e.currentTarget.value })}>
        {field === 'collection' && <option value="">{t('Choose')}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('Why?')}</h1>
      <p class="help">
        {t('Ask the server why a user may or may not do something: which policy and which rule decide, and which fields.')}
      </p>
      <form
        class="filters"
        aria-label={t('Question')}
        onSubmit={(e) => {
          e.preventDefault();
          const params = new URLSearchParams(Object.entries(draft).filter(([, v]) => v !== ''));
          navigate(`/why?${params.toString()}`);
        }}
      >
        <div class="field">
          <label for="why-user">{t('User')}</label>
          <div class="picker">
            <RelatedSearch
              id="why-user"
              display={userText}
              placeholder={t('Search by name or e-mail')}
              search={(query) => searchRelated(client, USERS_PLAN, query)}
              onChoose={(option) => {
                setUserText(option.text);
                setDraft({ ...draft, user: String(option.key) });
              }}
            />
          </div>
        </div>
        {select(
          'collection',
          t('Collection'),
          collections.map((c) => ({ value: c, text: c })),
        )}
        {select(
          'action',
          t('Action'),
          MATRIX_ACTIONS.map((a) => ({ value: a, text: a })),
        )}
        <div class="field">
          <label for="why-item">{t('Item key (optional)')}</label>
          <input id="why-item" value={draft.item} onInput={(e) => setDraft({ ...draft, item: e.currentTarget.value })} />
        </div>
        <div class="actions">
          <button type="submit" class="primary" disabled={!draft.user || !draft.collection}>
            {t('Explain')}
          </button>
        </div>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {trace && <TraceView trace={trace} />}
    </section>
  );
}

function TraceView({ trace }: { trace: Trace }) {
  return (
    <section class="trace" aria-labelledby="trace-title">
      <h2 id="trace-title">{t('Answer')}</h2>
      <p class={trace.allowed ? 'verdict allowed' : 'verdict denied'} aria-live="polite">
        <strong>{trace.verdict}</strong>
      </p>
      <h3>{t('Policies')}</h3>
      {trace.policies.length === 0 ? (
        <p>{t('No policy is attached to this user, their roles or the public.')}</p>
      ) : (
        <ul>
          {trace.policies.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <h3>{t('Rules')}</h3>
      {trace.rules.length === 0 ? (
        <p>{t('No rule of their policies is about this collection and action.')}</p>
      ) : (
        <ol class="timeline">
          {trace.rules.map((rule) => (
            <li key={`${rule.policy}-${String(rule.id)}`}>
              <span class="tag">{rule.grants ? t('grants') : t('does not grant')}</span> {rule.policy}: {rule.text}
              {rule.filter && (
                <>
                  {' '}
                  {t('Row filter:')} <code>{rule.filter}</code>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      {(trace.allowedFields.length > 0 || trace.deniedFields.length > 0) && (
        <>
          <h3>{t('Fields')}</h3>
          {trace.allowedFields.length > 0 && <p>{t('Allowed: {fields}', { fields: trace.allowedFields.join(', ') })}</p>}
          {trace.deniedFields.length > 0 && (
            <ul aria-label={t('Fields not allowed')}>
              {trace.deniedFields.map((f) => (
                <li key={f.field}>{t('Not {field}: {why}', { field: f.field, why: f.why })}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

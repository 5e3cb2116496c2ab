import { useEffect, useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import { errorMessage, requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { collectionPayload, PRIMARY_KEY_KINDS, type CollectionDraft, type PrimaryKeyKind } from './collection-payload.js';
import { addCollection, readUserCollections, type CollectionRow } from './data-model-api.js';
import { systemLabel } from '../ui/system-label.js';
import { t } from '../i18n/t.js';
import { CollectionIcon } from '../ui/collection-icon.js';
import { refreshNav } from '../shell/nav-refresh.js';

/** The user collections, each a link to its fields, and the form that creates one. */
export function DataModelPage() {
  const { client } = useSession();
  const [, navigate] = useLocation();
  const [collections, setCollections] = useState<CollectionRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<CollectionDraft>({ collection: '', primaryKey: 'integer', primaryKeyName: 'id', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    readUserCollections(client).then(setCollections, (e: unknown) => setError(requestMessage(e)));
  }, [client]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setFailure(null);
    const result = collectionPayload(draft);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await addCollection(client, result.payload);
      refreshNav();
      navigate(`/data-model/${encodeURIComponent(draft.collection.trim())}`);
    } catch (e) {
      setFailure(errorMessage(e) ?? requestMessage(e));
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('Data model')}</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!collections && !error && <p aria-live="polite">{t('Loading collections…')}</p>}
      {collections && collections.length === 0 && <p>{t('There is no collection yet.')}</p>}
      {collections && collections.length > 0 && (
        <ul class="collection-list" aria-label={t('Collections')}>
          {collections.map((c) => (
            <li key={c.collection}>
              <CollectionIcon icon={c.meta?.icon} color={c.meta?.color} label={c.collection} />
              <Link href={`/data-model/${encodeURIComponent(c.collection)}`}>{c.collection}</Link>
              {c.meta?.note && <span class="note"> — {systemLabel(c.meta.note)}</span>}
            </li>
          ))}
        </ul>
      )}
      <h2 id="new-collection">{t('New collection')}</h2>
      <form class="item-form" aria-labelledby="new-collection" onSubmit={(e) => void submit(e)} noValidate>
        <div class="field">
          <label for="nc-name">{t('Collection name')}</label>
          <input
            id="nc-name"
            value={draft.collection}
            aria-invalid={errors.collection ? true : undefined}
            aria-describedby={errors.collection ? 'nc-name-error' : undefined}
            onInput={(e) => setDraft({ ...draft, collection: e.currentTarget.value })}
          />
          {errors.collection && (
            <p class="error" id="nc-name-error">
              {errors.collection}
            </p>
          )}
        </div>
        <div class="field">
          <label for="nc-key">{t('Primary key')}</label>
          <select
            id="nc-key"
            value={draft.primaryKey}
            onChange={(e) => setDraft({ ...draft, primaryKey: e.currentTarget.value as PrimaryKeyKind })}
          >
            {PRIMARY_KEY_KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {t(k.label)}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="nc-key-name">{t('Primary key field')}</label>
          <input
            id="nc-key-name"
            value={draft.primaryKeyName}
            aria-invalid={errors.primaryKeyName ? true : undefined}
            aria-describedby={errors.primaryKeyName ? 'nc-key-name-error' : undefined}
            onInput={(e) => setDraft({ ...draft, primaryKeyName: e.currentTarget.value })}
          />
          {errors.primaryKeyName && (
            <p class="error" id="nc-key-name-error">
              {errors.primaryKeyName}
            </p>
          )}
        </div>
        <div class="field">
          <label for="nc-note">{t('Note')}</label>
          <input id="nc-note" value={draft.note} onInput={(e) => setDraft({ ...draft, note: e.currentTarget.value })} />
        </div>
        {failure && (
          <p class="error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {t('Create collection')}
        </button>
      </form>
    </section>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { errorStatus, requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import type { PageQuery } from './content-api.js';
import type { ListView } from './list-layout.js';
import { readSavedViews, removeView, saveView, type SavedView } from './saved-views-api.js';
import { t } from '../i18n/t.js';

/**
 * Saved views of a collection's list (presets with a name): apply one, save the current sort, page size,
 * search, filter, columns, layout and layout options under a name, or delete the chosen one.
 */
export function SavedViews({
  collection,
  query,
  view: listView,
  apply,
}: {
  collection: string;
  query: PageQuery;
  view: ListView;
  apply: (view: SavedView) => void;
}) {
  const { client, user } = useSession();
  const [views, setViews] = useState<SavedView[]>([]);
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const load = () => readSavedViews(client, collection).then(setViews, () => setViews([]));
  useEffect(() => {
    setChosen('');
    void load();
  }, [client, collection]);

  const fail = (failure: unknown) => setMessage(errorStatus(failure) === 403 ? t('You may not save views.') : requestMessage(failure));
  const save = async (event: Event) => {
    event.preventDefault();
    if (name.trim() === '') return setMessage(t('Name the view first.'));
    if (!user) return;
    try {
      await saveView(client, String(user.id), collection, name.trim(), query, listView);
      setMessage(t('Saved the view "{name}".', { name: name.trim() }));
      setName('');
      await load();
    } catch (failure) {
      fail(failure);
    }
  };
  const view = views.find((v) => v.id === chosen);

  return (
    <section class="saved-views" aria-labelledby="views-title">
      <h2 id="views-title">{t('Saved views')}</h2>
      {views.length > 0 && (
        <p>
          <label for="saved-view">{t('View')}</label>
          <select id="saved-view" value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
            <option value="">{t('Choose a view')}</option>
            {views.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
          <button type="button" disabled={!view} onClick={() => view && apply(view)}>
            {t('Apply view')}
          </button>
          <button
            type="button"
            disabled={!view}
            onClick={() =>
              view &&
              removeView(client, view.id).then(() => {
                setChosen('');
                setMessage(t('Deleted the view "{name}".', { name: view.name }));
                return load();
              }, fail)
            }
          >
            {t('Delete view')}
          </button>
        </p>
      )}
      <form onSubmit={(event) => void save(event)}>
        <label for="view-name">{t('Name of this view')}</label>
        <input id="view-name" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <button type="submit">{t('Save view')}</button>
      </form>
      {message && <p role="status">{message}</p>}
    </section>
  );
}

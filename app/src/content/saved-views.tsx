import { useEffect, useState } from 'preact/hooks';
import { errorStatus, requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import type { PageQuery } from './content-api.js';
import type { ListView } from './list-layout.js';
import { readSavedViews, removeView, saveView, type SavedView } from './saved-views-api.js';

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

  const fail = (failure: unknown) => setMessage(errorStatus(failure) === 403 ? 'You may not save views.' : requestMessage(failure));
  const save = async (event: Event) => {
    event.preventDefault();
    if (name.trim() === '') return setMessage('Name the view first.');
    if (!user) return;
    try {
      await saveView(client, String(user.id), collection, name.trim(), query, listView);
      setMessage(`Saved the view "${name.trim()}".`);
      setName('');
      await load();
    } catch (failure) {
      fail(failure);
    }
  };
  const view = views.find((v) => v.id === chosen);

  return (
    <section class="saved-views" aria-labelledby="views-title">
      <h2 id="views-title">Saved views</h2>
      {views.length > 0 && (
        <p>
          <label for="saved-view">View</label>
          <select id="saved-view" value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
            <option value="">Choose a view</option>
            {views.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
          <button type="button" disabled={!view} onClick={() => view && apply(view)}>
            Apply view
          </button>
          <button
            type="button"
            disabled={!view}
            onClick={() =>
              view &&
              removeView(client, view.id).then(() => {
                setChosen('');
                setMessage(`Deleted the view "${view.name}".`);
                return load();
              }, fail)
            }
          >
            Delete view
          </button>
        </p>
      )}
      <form onSubmit={(event) => void save(event)}>
        <label for="view-name">Name of this view</label>
        <input id="view-name" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <button type="submit">Save view</button>
      </form>
      {message && <p role="status">{message}</p>}
    </section>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { addFolder, removeFolder, renameFolder, type Folder } from './files-api.js';
import { t } from '../i18n/t.js';

type Props = {
  folders: Folder[];
  /** The folder the library shows (null: none chosen). */
  current: string | null;
  access: { create: boolean; update: boolean; delete: boolean };
  onChanged(message: string, removed?: boolean): void;
};

/** "New folder" (inside the chosen one, if any), and rename or delete the chosen folder. */
export function FolderTools({ folders, current, access, onChanged }: Props) {
  const { client } = useSession();
  const folder = folders.find((f) => f.id === current) ?? null;
  const [name, setName] = useState('');
  const [rename, setRename] = useState(folder?.name ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => setRename(folder?.name ?? ''), [folder?.id, folder?.name]);

  const run = async (work: () => Promise<string>, removed = false) => {
    setBusy(true);
    setError(null);
    try {
      onChanged(await work(), removed);
    } catch (failure) {
      setError(requestMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!access.create && !(folder && (access.update || access.delete))) return null;
  return (
    <fieldset class="folder-tools">
      <legend>{t('Folders')}</legend>
      {access.create && (
        <form
          class="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = name.trim();
            if (!trimmed) return setError(t('Enter a name for the folder.'));
            void run(async () => {
              await addFolder(client, trimmed, folder?.id ?? null);
              setName('');
              return t('Created the folder {name}.', { name: trimmed });
            });
          }}
        >
          <label for="folder-new">{folder ? t('New folder in {name}', { name: folder.name }) : t('New folder')}</label>
          <input id="folder-new" value={name} onInput={(e) => setName(e.currentTarget.value)} />
          <button type="submit" disabled={busy}>
            {t('Create folder')}
          </button>
        </form>
      )}
      {folder && access.update && (
        <form
          class="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = rename.trim();
            if (!trimmed) return setError(t('Enter a name for the folder.'));
            void run(async () => {
              await renameFolder(client, folder.id, trimmed);
              return t('Renamed the folder to {name}.', { name: trimmed });
            });
          }}
        >
          <label for="folder-rename">{t('Name of this folder')}</label>
          <input id="folder-rename" value={rename} onInput={(e) => setRename(e.currentTarget.value)} />
          <button type="submit" disabled={busy}>
            {t('Rename folder')}
          </button>
        </form>
      )}
      {folder && access.delete && (
        <button
          type="button"
          class="danger"
          disabled={busy}
          onClick={() => {
            if (
              !window.confirm(
                t('Delete the folder {name}? Its files and folders move out of it; nothing is deleted but the folder.', {
                  name: folder.name,
                }),
              )
            )
              return;
            void run(async () => {
              await removeFolder(client, folder.id);
              return t('Deleted the folder {name}.', { name: folder.name });
            }, true);
          }}
        >
          {t('Delete folder')}
        </button>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

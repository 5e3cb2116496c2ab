import { useEffect, useState } from 'preact/hooks';
import { useLocation, useSearch } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { FileEditor } from './file-editor.js';
import { FileThumb } from './file-thumb.js';
import { FolderTools } from './folder-tools.js';
import {
  assetUrl,
  fileLabel,
  folderOptions,
  formatSize,
  libraryQueryString,
  listFolders,
  parseLibraryQuery,
  readFilesAccess,
  readLibrary,
  ROOT_FOLDER,
  TYPE_FILTERS,
  upload,
  uploadMessage,
  type FileRow,
  type FilesAccess,
  type Folder,
  type LibraryQuery,
} from './files-api.js';
import { plural, t } from '../i18n/t.js';

const PAGE_SIZE = 24;

/**
 * The file library: the files the user may read as a grid of previews, filtered by folder and type and
 * searched; upload (several at once, into the chosen folder), and per file its metadata, replace, download and
 * delete; folders created, renamed and deleted.
 */
export function FilesPage() {
  const { client } = useSession();
  const [access, setAccess] = useState<FilesAccess | null>(null);
  const [folders, setFolders] = useState<Folder[]>([]);
  const [, navigate] = useLocation();
  const address = useSearch();
  const query = parseLibraryQuery(address, PAGE_SIZE);
  const setQuery = (next: LibraryQuery) => navigate(`/files${libraryQueryString(next)}`);
  const [searchText, setSearchText] = useState(query.search);
  // Back and forward change the address: the search box follows.
  useEffect(() => setSearchText(query.search), [query.search]);
  const [library, setLibrary] = useState<{ files: FileRow[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number>(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  // Raised to read the page again after a change.
  const [version, setVersion] = useState(0);

  const reloadFolders = () => listFolders(client).then(setFolders, () => setFolders([]));

  useEffect(() => {
    readFilesAccess(client).then(setAccess, (failure: unknown) => setError(requestMessage(failure)));
    void reloadFolders();
  }, [client]);

  useEffect(() => {
    let cancelled = false;
    setError(null);
    readLibrary(client, query).then(
      (found) => {
        if (!cancelled) setLibrary(found);
      },
      (failure: unknown) => {
        if (!cancelled) setError(requestMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, address, version]);

  const refresh = () => setVersion((v) => v + 1);
  const choices = folderOptions(folders);
  const pages = library ? Math.max(1, Math.ceil(library.total / query.limit)) : 1;
  const folderName = (id: string | null) => folders.find((f) => f.id === id)?.name ?? null;

  const onUpload = async (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    if (files.length === 0) return;
    setUploading(files.length);
    setUploadError(null);
    setNotice(null);
    try {
      const folder = query.folder && query.folder !== ROOT_FOLDER ? query.folder : null;
      await upload(client, files, { folder });
      setNotice(plural(files.length, 'Uploaded {count} file.', 'Uploaded {count} files.'));
      input.value = '';
      refresh();
    } catch (failure) {
      setUploadError(uploadMessage(failure));
    } finally {
      setUploading(0);
    }
  };

  const editingFile = library?.files.find((f) => f.id === editing) ?? null;

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('Files')}</h1>
      {access?.create && (
        <div class="field upload">
          <label for="files-upload">{t('Upload files')}</label>
          <input
            id="files-upload"
            type="file"
            multiple
            disabled={uploading > 0}
            aria-describedby="files-upload-help"
            onChange={(event) => void onUpload(event.currentTarget)}
          />
          <p id="files-upload-help" class="help">
            {query.folder && query.folder !== ROOT_FOLDER
              ? t('Into the folder {name}.', { name: folderName(query.folder) ?? '' })
              : t('Choose one or more files.')}
          </p>
        </div>
      )}
      <p aria-live="polite" class="status">
        {uploading > 0 ? plural(uploading, 'Uploading {count} file…', 'Uploading {count} files…') : (notice ?? '')}
      </p>
      {uploadError && (
        <p class="error" role="alert">
          {uploadError}
        </p>
      )}

      <form
        class="filters"
        aria-label={t('Filter files')}
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ ...query, page: 1, search: searchText });
        }}
      >
        <div class="field">
          <label for="files-folder">{t('Folder')}</label>
          <select id="files-folder" value={query.folder} onChange={(e) => setQuery({ ...query, page: 1, folder: e.currentTarget.value })}>
            <option value="">{t('All folders')}</option>
            <option value={ROOT_FOLDER}>{t('No folder')}</option>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.text}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="files-type">{t('Type')}</label>
          <select id="files-type" value={query.type} onChange={(e) => setQuery({ ...query, page: 1, type: e.currentTarget.value })}>
            <option value="">{t('All types')}</option>
            {TYPE_FILTERS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {t(kind.text)}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="files-search">{t('Search files')}</label>
          <input id="files-search" type="search" value={searchText} onInput={(e) => setSearchText(e.currentTarget.value)} />
        </div>
        <div class="field">
          <button type="submit">{t('Search')}</button>
        </div>
      </form>

      {access?.folders.read && (
        <FolderTools
          folders={folders}
          current={query.folder && query.folder !== ROOT_FOLDER ? query.folder : null}
          access={access.folders}
          onChanged={(message, removed) => {
            setNotice(message);
            void reloadFolders();
            if (removed) setQuery({ ...query, page: 1, folder: '' });
            refresh();
          }}
        />
      )}

      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!library && !error && <p aria-live="polite">{t('Loading files…')}</p>}
      {library && (
        <>
          <p>{plural(library.total, '{count} file', '{count} files')}</p>
          {library.files.length === 0 && <p>{t('No files match.')}</p>}
          <ul class="file-grid" aria-label={t('Files')}>
            {library.files.map((file) => (
              <li key={file.id} class={file.id === editing ? 'file-card selected' : 'file-card'}>
                <FileThumb file={file} />
                <span class="file-title">{fileLabel(file)}</span>
                <span class="help">
                  {file.type ?? t('unknown type')} · {formatSize(file.filesize)}
                  {file.width && file.height ? ` · ${file.width}×${file.height}` : ''}
                </span>
                <span class="file-actions">
                  <button
                    type="button"
                    class="small"
                    aria-expanded={file.id === editing}
                    onClick={() => setEditing(file.id === editing ? null : file.id)}
                  >
                    {t('Edit')}
                    <span class="visually-hidden"> {fileLabel(file)}</span>
                  </button>
                  <a
                    class="small"
                    href={assetUrl(file.id, { download: true, modified: file.modified_on })}
                    download={file.filename_download}
                  >
                    {t('Download')}
                    <span class="visually-hidden"> {fileLabel(file)}</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
          {editingFile && access && (
            <FileEditor
              key={editingFile.id}
              file={editingFile}
              folders={choices}
              access={access}
              onSaved={(message) => {
                setNotice(message);
                refresh();
              }}
              onDeleted={(message) => {
                setNotice(message);
                setEditing(null);
                refresh();
              }}
              onClose={() => setEditing(null)}
            />
          )}
          <nav class="pager" aria-label={t('Pages')}>
            <button type="button" disabled={query.page <= 1} onClick={() => setQuery({ ...query, page: query.page - 1 })}>
              {t('Previous page')}
            </button>
            <span aria-live="polite">{t('Page {page} of {pages}', { page: query.page, pages })}</span>
            <button type="button" disabled={query.page >= pages} onClick={() => setQuery({ ...query, page: query.page + 1 })}>
              {t('Next page')}
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

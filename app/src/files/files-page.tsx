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
      setNotice(`Uploaded ${files.length} file${files.length === 1 ? '' : 's'}.`);
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
      <h1 id="page-title">Files</h1>
      {access?.create && (
        <div class="field upload">
          <label for="files-upload">Upload files</label>
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
              ? `Into the folder ${folderName(query.folder) ?? ''}.`
              : 'Choose one or more files.'}
          </p>
        </div>
      )}
      <p aria-live="polite" class="status">
        {uploading > 0 ? `Uploading ${uploading} file${uploading === 1 ? '' : 's'}…` : (notice ?? '')}
      </p>
      {uploadError && (
        <p class="error" role="alert">
          {uploadError}
        </p>
      )}

      <form
        class="filters"
        aria-label="Filter files"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ ...query, page: 1, search: searchText });
        }}
      >
        <div class="field">
          <label for="files-folder">Folder</label>
          <select id="files-folder" value={query.folder} onChange={(e) => setQuery({ ...query, page: 1, folder: e.currentTarget.value })}>
            <option value="">All folders</option>
            <option value={ROOT_FOLDER}>No folder</option>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.text}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="files-type">Type</label>
          <select id="files-type" value={query.type} onChange={(e) => setQuery({ ...query, page: 1, type: e.currentTarget.value })}>
            <option value="">All types</option>
            {TYPE_FILTERS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.text}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="files-search">Search files</label>
          <input id="files-search" type="search" value={searchText} onInput={(e) => setSearchText(e.currentTarget.value)} />
        </div>
        <div class="field">
          <button type="submit">Search</button>
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
      {!library && !error && <p aria-live="polite">Loading files…</p>}
      {library && (
        <>
          <p>
            {library.total} file{library.total === 1 ? '' : 's'}
          </p>
          {library.files.length === 0 && <p>No files match.</p>}
          <ul class="file-grid" aria-label="Files">
            {library.files.map((file) => (
              <li key={file.id} class={file.id === editing ? 'file-card selected' : 'file-card'}>
                <FileThumb file={file} />
                <span class="file-title">{fileLabel(file)}</span>
                <span class="help">
                  {file.type ?? 'unknown type'} · {formatSize(file.filesize)}
                  {file.width && file.height ? ` · ${file.width}×${file.height}` : ''}
                </span>
                <span class="file-actions">
                  <button
                    type="button"
                    class="small"
                    aria-expanded={file.id === editing}
                    onClick={() => setEditing(file.id === editing ? null : file.id)}
                  >
                    Edit<span class="visually-hidden"> {fileLabel(file)}</span>
                  </button>
                  <a
                    class="small"
                    href={assetUrl(file.id, { download: true, modified: file.modified_on })}
                    download={file.filename_download}
                  >
                    Download<span class="visually-hidden"> {fileLabel(file)}</span>
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
          <nav class="pager" aria-label="Pages">
            <button type="button" disabled={query.page <= 1} onClick={() => setQuery({ ...query, page: query.page - 1 })}>
              Previous page
            </button>
            <span aria-live="polite">
              Page {query.page} of {pages}
            </span>
            <button type="button" disabled={query.page >= pages} onClick={() => setQuery({ ...query, page: query.page + 1 })}>
              Next page
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

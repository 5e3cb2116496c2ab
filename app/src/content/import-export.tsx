import { queryToParams, utilsExport, utilsImport } from '@directus/sdk';
import { useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { t } from '../i18n/t.js';

const FORMATS = ['csv', 'json', 'xml', 'yaml'] as const;
type Format = (typeof FORMATS)[number];

export type ExportScope = { fields: string[]; filter: Record<string, unknown> | null; search: string };

/** The query an export runs: every matching row, the chosen fields, and the list's filter and search when asked. */
export function exportQuery(scope: ExportScope, options: { shownFields: boolean; filtered: boolean }): Record<string, unknown> {
  return {
    limit: -1,
    ...(options.shownFields && scope.fields.length > 0 ? { fields: scope.fields } : {}),
    ...(options.filtered && scope.filter ? { filter: scope.filter } : {}),
    ...(options.filtered && scope.search ? { search: scope.search } : {}),
  };
}

/** The address that downloads an export of the collection (`/items/…?export=`), with the session cookie. */
export function exportDownloadUrl(collection: string, format: Format, query: Record<string, unknown>): string {
  const params = queryToParams(query as never) as Record<string, string>;
  return `/items/${encodeURIComponent(collection)}?${new URLSearchParams({ ...params, export: format }).toString()}`;
}

/**
 * Import into the collection (a CSV or JSON file, all or nothing, the server's row errors shown) and export from it
 * (format, the shown columns or all fields, the list's filter or every row; downloaded, or saved to the file
 * library, which notifies the user).
 */
export function ImportExport({
  collection,
  scope,
  canImport,
  imported,
}: {
  collection: string;
  scope: ExportScope;
  canImport: boolean;
  imported: () => void;
}) {
  const { client } = useSession();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [format, setFormat] = useState<Format>('csv');
  const [shownFields, setShownFields] = useState(true);
  const [filtered, setFiltered] = useState(true);

  const runImport = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      await client.request(utilsImport(collection, form));
      setStatus(t('Imported {file}.', { file: file.name }));
      imported();
    } catch (failure) {
      setError(t('Nothing was imported. {reason}', { reason: requestMessage(failure) }));
    } finally {
      setBusy(false);
    }
  };
  const query = exportQuery(scope, { shownFields, filtered });
  const saveToLibrary = async () => {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const saved = (await client.request(utilsExport(collection, format, query as never, {}))) as unknown as {
        filename_download?: string;
      };
      setStatus(
        saved.filename_download
          ? t('Saved {file} to the file library.', { file: saved.filename_download })
          : t('Saved the export to the file library.'),
      );
    } catch (failure) {
      setError(requestMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <details class="import-export">
      <summary>{t('Import and export')}</summary>
      {canImport && (
        <form
          aria-label={t('Import')}
          onSubmit={(event) => {
            event.preventDefault();
            void runImport();
          }}
        >
          <h2>{t('Import')}</h2>
          <div class="field">
            <label for="import-file">{t('CSV or JSON file')}</label>
            <input
              id="import-file"
              type="file"
              accept=".csv,.json,text/csv,application/json"
              onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
          </div>
          <button type="submit" disabled={!file || busy}>
            {t('Import')}
          </button>
        </form>
      )}
      <form
        aria-label={t('Export')}
        onSubmit={(event) => {
          event.preventDefault();
          void saveToLibrary();
        }}
      >
        <h2>{t('Export')}</h2>
        <div class="field">
          <label for="export-format">{t('Format')}</label>
          <select id="export-format" value={format} onChange={(e) => setFormat(e.currentTarget.value as Format)}>
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {f.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        <div class="field checkbox">
          <input id="export-shown" type="checkbox" checked={shownFields} onChange={(e) => setShownFields(e.currentTarget.checked)} />
          <label for="export-shown">{t('Only the shown columns')}</label>
        </div>
        <div class="field checkbox">
          <input id="export-filtered" type="checkbox" checked={filtered} onChange={(e) => setFiltered(e.currentTarget.checked)} />
          <label for="export-filtered">{t('Only the items the filter and search select')}</label>
        </div>
        <p class="actions">
          <a class="button" href={exportDownloadUrl(collection, format, query)} download>
            {t('Download')}
          </a>
          <button type="submit" disabled={busy}>
            {t('Save to the file library')}
          </button>
        </p>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p role="status">{status}</p>
    </details>
  );
}

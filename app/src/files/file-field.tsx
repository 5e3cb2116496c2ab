import { useEffect, useState } from 'preact/hooks';
import { useSession } from '../auth/session.js';
import { fieldLabel } from '../content/content-api.js';
import type { FormField } from '../content/form-fields.js';
import { RelatedSearch } from '../content/related-search.js';
import { FileThumb } from './file-thumb.js';
import { lazyPage } from '../lazy-page.js';
import {
  fileLabel,
  isPreviewable,
  readFileRow,
  readFilesAccess,
  searchFiles,
  uploadMessage,
  type FileRow,
  type FilesAccess,
} from './files-api.js';
import { t } from '../i18n/t.js';

// The focal point editor and the upload with progress are fetched on first use (not in the main chunk).
const FocalPointPicker = lazyPage(() => import('./focal-point-picker.js').then((m) => m.FocalPointPicker));

type Props = { id: string; field: FormField; text: string; describedBy?: string; invalid: boolean; onChange(text: string): void };

/**
 * A file field (many-to-one to `service_files`): the chosen file's preview (an image) or name, "Upload a file" or a
 * file dropped onto the field (stored at once with its progress shown; the field takes its key, saved with the
 * item), "Choose from library" (a search of the files the user may read), "Remove", and for an image its focal
 * point (saved on the file). Read-only when the user may not update the field.
 */
export function FileField({ id, field, text, describedBy, invalid, onChange }: Props) {
  const { client } = useSession();
  const [access, setAccess] = useState<FilesAccess | null>(null);
  const [file, setFile] = useState<FileRow | null>(null);
  const [missing, setMissing] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<FileRow[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [focusing, setFocusing] = useState(false);

  useEffect(() => {
    readFilesAccess(client).then(setAccess, () => setAccess(null));
  }, [client]);

  useEffect(() => {
    setMissing(false);
    if (text === '') return setFile(null);
    if (file?.id === text) return;
    let cancelled = false;
    readFileRow(client, text).then(
      (row) => {
        if (!cancelled) setFile(row);
      },
      () => {
        if (!cancelled) {
          setFile(null);
          setMissing(true);
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, text]);

  const label = fieldLabel(field.field);
  const readOnly = field.readOnly;
  const choose = (row: FileRow) => {
    setFile(row);
    setChoosing(false);
    setError(null);
    onChange(row.id);
  };

  const send = (chosen: File, done: () => void = () => undefined) => {
    setBusy(true);
    setError(null);
    setProgress(0);
    import('./upload-progress.js')
      .then(({ uploadWithProgress }) => uploadWithProgress(chosen, setProgress))
      .then((row) => {
        if (row) choose(row);
        else setError(t('The file was stored, but you may not read files, so it cannot be chosen here.'));
      })
      .catch((failure: unknown) => {
        setProgress(null);
        setError(uploadMessage(failure));
      })
      .finally(() => {
        setBusy(false);
        done();
      });
  };
  const canDrop = !readOnly && access?.create === true && !busy;

  return (
    <div
      class={`file-field${canDrop ? ' drop-zone' : ''}${dragging ? ' dragging' : ''}`}
      onDragOver={(event) => {
        if (!canDrop) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        setDragging(false);
        if (!canDrop) return;
        event.preventDefault();
        const dropped = event.dataTransfer?.files[0];
        if (dropped) send(dropped);
      }}
      id={id}
      role="group"
      aria-label={label}
      aria-describedby={[describedBy, `${id}-status`].filter(Boolean).join(' ')}
      aria-invalid={invalid ? true : undefined}
    >
      {text === '' ? (
        <p id={`${id}-status`}>{t('No file.')}</p>
      ) : file ? (
        <div class="file-chosen">
          <FileThumb file={file} />
          <p id={`${id}-status`}>{fileLabel(file)}</p>
        </div>
      ) : (
        <p id={`${id}-status`}>{missing ? t('A file you may not read ({key}).', { key: text }) : t('Loading the file…')}</p>
      )}
      {!readOnly && (
        <div class="file-actions">
          {access?.create && (
            <>
              <label for={`${id}-upload`}>
                {t('Upload a file')}
                <span class="visually-hidden"> {t('for {field}', { field: label })}</span>
              </label>
              <input
                id={`${id}-upload`}
                type="file"
                disabled={busy}
                onChange={(event) => {
                  const input = event.currentTarget;
                  const chosen = input.files?.[0];
                  if (chosen)
                    send(chosen, () => {
                      input.value = '';
                    });
                }}
              />
              <span class="help">{t('or drop a file here')}</span>
            </>
          )}
          {access?.read && (
            <button type="button" aria-expanded={choosing} onClick={() => setChoosing(!choosing)}>
              {t('Choose from library')}
              <span class="visually-hidden"> {t('for {field}', { field: label })}</span>
            </button>
          )}
          {access?.update && file && isPreviewable(file.type) && file.width && (
            <button type="button" aria-expanded={focusing} onClick={() => setFocusing(!focusing)}>
              {t('Focal point')}
              <span class="visually-hidden"> {t('of the image of {field}', { field: label })}</span>
            </button>
          )}
          {!field.required && text !== '' && (
            <button type="button" onClick={() => onChange('')}>
              {t('Remove')}
              <span class="visually-hidden"> {t('the file of {field}', { field: label })}</span>
            </button>
          )}
        </div>
      )}
      {progress !== null && (
        <p class="upload-progress">
          <label for={`${id}-progress`}>{busy ? t('Uploading') : t('Uploaded')}</label>{' '}
          <progress id={`${id}-progress`} max={100} value={progress} /> <span aria-live="polite">{progress}%</span>
        </p>
      )}
      {focusing && file && !readOnly && <FocalPointPicker id={`${id}-focal`} file={file} onSaved={setFile} />}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {choosing && (
        <div class="field">
          <label for={`${id}-library`}>{t('Search the file library')}</label>
          <RelatedSearch
            id={`${id}-library`}
            display=""
            search={async (query) => {
              const rows = await searchFiles(client, query);
              setFound(rows);
              return rows.map((row) => ({
                key: row.id,
                text: `${fileLabel(row)}${row.title && row.title !== row.filename_download ? ` (${row.filename_download})` : ''}`,
              }));
            }}
            onChoose={(option) => {
              const row = found.find((f) => f.id === option.key);
              if (row) choose(row);
            }}
            placeholder={t('Title or file name')}
          />
        </div>
      )}
    </div>
  );
}

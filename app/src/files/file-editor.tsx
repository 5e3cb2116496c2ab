import { useEffect, useRef, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { errorsByField } from '../content/form-fields.js';
import { lazyPage } from '../lazy-page.js';
import { FileThumb } from './file-thumb.js';
import {
  editsOf,
  fileLabel,
  isCroppable,
  removeFile,
  replaceFile,
  saveMetadata,
  uploadMessage,
  type FileEdits,
  type FileRow,
  type FilesAccess,
} from './files-api.js';
import { t } from '../i18n/t.js';

// The crop editor is fetched when first opened (not in the library's chunk).
const ImageCrop = lazyPage(() => import('./image-crop.js').then((m) => m.ImageCrop));

type Props = {
  file: FileRow;
  folders: { value: string; text: string }[];
  access: FilesAccess;
  onSaved(message: string): void;
  onDeleted(message: string): void;
  onClose(): void;
};

/** One file's metadata (title, description, folder, tags), "Crop image" (an image), "Replace file" and "Delete file". */
export function FileEditor({ file, folders, access, onSaved, onDeleted, onClose }: Props) {
  const { client } = useSession();
  const [edits, setEdits] = useState<FileEdits>(editsOf(file));
  const [busy, setBusy] = useState(false);
  const [cropping, setCropping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const readOnly = !access.update;
  const label = fileLabel(file);
  // Opened from a card's "Edit": the keyboard goes straight to the first field.
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const set = (key: keyof FileEdits) => (event: Event) => setEdits({ ...edits, [key]: (event.currentTarget as HTMLInputElement).value });
  const run = async (work: () => Promise<void>, message: (failure: unknown) => string = requestMessage) => {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await work();
    } catch (failure) {
      const { fields } = errorsByField(failure);
      setFieldErrors(fields);
      setError(message(failure));
    } finally {
      setBusy(false);
    }
  };
  const described = (name: string) => (fieldErrors[name] ? `file-${name}-error` : undefined);
  const fieldError = (name: string) =>
    fieldErrors[name] && (
      <p id={`file-${name}-error`} class="error">
        {fieldErrors[name]}
      </p>
    );

  return (
    <section class="file-editor" aria-labelledby="file-editor-title">
      <h2 id="file-editor-title">{t('Edit {name}', { name: label })}</h2>
      <FileThumb file={file} size={240} />
      <p class="help">{file.filename_download}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            await saveMetadata(client, file.id, edits);
            onSaved(t('Saved {name}.', { name: edits.title.trim() || file.filename_download }));
          });
        }}
      >
        <div class="field">
          <label for="file-title">{t('Title')}</label>
          <input
            id="file-title"
            ref={first}
            value={edits.title}
            readOnly={readOnly}
            aria-describedby={described('title')}
            onInput={set('title')}
          />
          {fieldError('title')}
        </div>
        <div class="field">
          <label for="file-description">{t('Description')}</label>
          <textarea
            id="file-description"
            rows={3}
            value={edits.description}
            readOnly={readOnly}
            aria-describedby={described('description')}
            onInput={set('description')}
          />
          {fieldError('description')}
        </div>
        <div class="field">
          <label for="file-folder">{t('Folder')}</label>
          <select id="file-folder" value={edits.folder} disabled={readOnly} onChange={set('folder')}>
            <option value="">{t('No folder')}</option>
            {folders.map((f) => (
              <option key={f.value} value={f.value}>
                {f.text}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="file-tags">{t('Tags')}</label>
          <input id="file-tags" value={edits.tags} readOnly={readOnly} aria-describedby="file-tags-help" onInput={set('tags')} />
          <p id="file-tags-help" class="help">
            {t('Separated by commas.')}
          </p>
        </div>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <div class="actions">
          {!readOnly && (
            <button type="submit" class="primary" disabled={busy}>
              {t('Save')}
            </button>
          )}
          <button type="button" onClick={onClose}>
            {t('Close')}
          </button>
          {access.delete && (
            <button
              type="button"
              class="danger"
              disabled={busy}
              onClick={() => {
                if (!window.confirm(t('Delete the file {name}? This cannot be undone.', { name: label }))) return;
                void run(async () => {
                  await removeFile(client, file.id);
                  onDeleted(t('Deleted {name}.', { name: label }));
                });
              }}
            >
              {t('Delete file')}
            </button>
          )}
        </div>
      </form>
      {!readOnly && isCroppable(file.type) && (file.width ?? 0) > 0 && (file.height ?? 0) > 0 && (
        <div class="spaced">
          <button type="button" aria-expanded={cropping} disabled={busy} onClick={() => setCropping(!cropping)}>
            {t('Crop image')}
          </button>
          {cropping && (
            <ImageCrop
              id="file-crop"
              file={file}
              onCropped={(row) => {
                setCropping(false);
                onSaved(
                  t('Cropped {name} to {width} × {height} pixels.', { name: label, width: row.width ?? '?', height: row.height ?? '?' }),
                );
              }}
              onCancel={() => setCropping(false)}
            />
          )}
        </div>
      )}
      {!readOnly && (
        <div class="field spaced">
          <label for="file-replace">{t('Replace file')}</label>
          <input
            id="file-replace"
            type="file"
            disabled={busy}
            onChange={(event) => {
              const input = event.currentTarget;
              const chosen = input.files?.[0];
              if (!chosen) return;
              void run(async () => {
                await replaceFile(client, file.id, chosen, { title: file.title });
                input.value = '';
                onSaved(t('Replaced {name} with {file}.', { name: label, file: chosen.name }));
              }, uploadMessage);
            }}
          />
          {busy && <p aria-live="polite">{t('Working…')}</p>}
        </div>
      )}
    </section>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import { useSession } from '../auth/session.js';
import { RelatedSearch } from '../content/related-search.js';
import { fileLabel, readFilesAccess, searchFiles, upload, uploadMessage, type FileRow, type FilesAccess } from '../files/files-api.js';
import { t } from '../i18n/t.js';
import { isAllowedImageSource } from './sanitize-config.js';

/** `/assets/<id>`: how the editor stores an image of the file library. */
export function imageSource(id: string): string {
  return `/assets/${id}`;
}

/**
 * The WYSIWYG editor's "Image": an image of the file library (a search of the images the user may read), one
 * uploaded here, or a web address; its alternative text asked for (empty: decorative). "Insert image" hands
 * `src` and `alt` over; Escape or "Cancel" goes back to the text.
 */
export function ImageForm({
  id,
  onInsert,
  onCancel,
}: {
  id: string;
  onInsert(image: { src: string; alt: string }): void;
  onCancel(): void;
}) {
  const { client } = useSession();
  // undefined while it is being read; null when it could not be.
  const [access, setAccess] = useState<FilesAccess | null | undefined>(undefined);
  const [src, setSrc] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [address, setAddress] = useState('');
  const [alt, setAlt] = useState('');
  const [found, setFound] = useState<FileRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const first = useRef<HTMLDivElement>(null);

  useEffect(() => {
    readFilesAccess(client).then(setAccess, () => setAccess(null));
  }, [client]);
  // Once the form has its fields, the keyboard goes to the first, unless the user is already in the form.
  useEffect(() => {
    const group = first.current;
    if (access === undefined || !group || group.contains(document.activeElement)) return;
    group.querySelector<HTMLInputElement>('input')?.focus();
  }, [access]);

  const choose = (row: FileRow) => {
    setSrc(imageSource(row.id));
    setChosen(fileLabel(row));
    setAddress('');
    setAlt(row.title ?? '');
    setError(null);
  };
  const insert = () => {
    const source = address.trim() || src;
    if (!source) return setError(t('Choose an image of the library, upload one or enter its web address.'));
    if (!isAllowedImageSource(source)) return setError(t('Enter a web address of an image (https://…).'));
    onInsert({ src: source, alt: alt.trim() });
  };

  return (
    <div
      ref={first}
      class="image-form"
      role="group"
      aria-labelledby={`${id}-title`}
      onKeyDown={(event) => {
        if (event.defaultPrevented) return;
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        } else if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
          // Enter inserts (it would otherwise submit the item's form).
          event.preventDefault();
          insert();
        }
      }}
    >
      <p id={`${id}-title`} class="image-form-title">
        {t('Insert an image')}
      </p>
      {access?.read && (
        <div class="field">
          <label for={`${id}-library`}>{t('Image from the file library')}</label>
          <RelatedSearch
            id={`${id}-library`}
            display={chosen ?? ''}
            search={async (query) => {
              const rows = await searchFiles(client, query, 10, true);
              setFound(rows);
              return rows.map((row) => ({ key: row.id, text: fileLabel(row) }));
            }}
            onChoose={(option) => {
              const row = found.find((f) => f.id === option.key);
              if (row) choose(row);
            }}
            placeholder={t('Title or file name')}
          />
        </div>
      )}
      {access?.create && (
        <div class="field">
          <label for={`${id}-upload`}>{t('Or upload an image')}</label>
          <input
            id={`${id}-upload`}
            type="file"
            accept="image/*"
            disabled={busy}
            onChange={(event) => {
              const input = event.currentTarget;
              const file = input.files?.[0];
              if (!file) return;
              setBusy(true);
              setError(null);
              upload(client, [file])
                .then(([row]) => {
                  if (row) choose(row);
                  else setError(t('The file was stored, but you may not read files, so it cannot be chosen here.'));
                })
                .catch((failure: unknown) => setError(uploadMessage(failure)))
                .finally(() => {
                  setBusy(false);
                  input.value = '';
                });
            }}
          />
          {busy && <p aria-live="polite">{t('Uploading')}</p>}
        </div>
      )}
      <div class="field">
        <label for={`${id}-address`}>{t('Or its web address')}</label>
        <input
          id={`${id}-address`}
          type="text"
          inputMode="url"
          value={address}
          onInput={(e) => {
            setAddress(e.currentTarget.value);
            setChosen(null);
            setSrc('');
          }}
        />
      </div>
      {chosen && <p aria-live="polite">{t('Chosen: {name}', { name: chosen })}</p>}
      <div class="field">
        <label for={`${id}-alt`}>{t('Alternative text')}</label>
        <input
          id={`${id}-alt`}
          type="text"
          value={alt}
          aria-describedby={`${id}-alt-help`}
          onInput={(e) => setAlt(e.currentTarget.value)}
        />
        <p id={`${id}-alt-help`} class="help">
          {t('What the image shows, for people who cannot see it; leave it empty for a decorative image.')}
        </p>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="button" class="small" disabled={busy} onClick={insert}>
          {t('Insert image')}
        </button>
        <button type="button" class="small" onClick={onCancel}>
          {t('Cancel')}
        </button>
      </div>
    </div>
  );
}

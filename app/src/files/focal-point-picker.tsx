import { useEffect, useRef, useState } from 'preact/hooks';
import { useSession } from '../auth/session.js';
import { errorMessage } from '../api/errors.js';
import { focalAfterKey, focalAtClick, focalOf, focalPercent, type Focal } from './focal-point.js';
import { assetUrl, fileLabel, saveFocalPoint, type FileRow } from './files-api.js';
import { t } from '../i18n/t.js';

/**
 * An image's focal point (what crops keep in view): click the image or move the marker with the arrow keys (Shift
 * for finer steps), then "Save focal point" stores it on the file.
 */
export function FocalPointPicker({ id, file, onSaved }: { id: string; file: FileRow; onSaved(row: FileRow): void }) {
  const { client } = useSession();
  const image = { width: file.width ?? 0, height: file.height ?? 0 };
  const [focal, setFocal] = useState<Focal>(() => focalOf(file));
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Back to the stored point when the file or its stored point changes, and only then: an effect run at mount would
  // undo arrow keys pressed before it ran (the state starts from the stored point already).
  const stored = `${file.id} ${String(file.focal_point_x)} ${String(file.focal_point_y)}`;
  const shown = useRef(stored);
  useEffect(() => {
    if (shown.current === stored) return;
    shown.current = stored;
    setFocal(focalOf(file));
  }, [stored]);
  const storedFocal = focalOf(file);
  const changed = focal.x !== storedFocal.x || focal.y !== storedFocal.y;
  const marker = focalPercent(focal, image);
  const where = { x: focal.x, y: focal.y, width: image.width, height: image.height };
  const move = (next: Focal) => {
    setFocal(next);
    setStatus(null);
  };
  const save = () => {
    setBusy(true);
    saveFocalPoint(client, file.id, focal)
      .then((row) => {
        setStatus(t('Focal point saved.'));
        onSaved(row);
      })
      .catch((error: unknown) =>
        setStatus(t('The focal point was not saved: {reason}', { reason: errorMessage(error) ?? t('the server refused it.') })),
      )
      .finally(() => setBusy(false));
  };
  return (
    <div class="focal-point">
      <div
        id={id}
        class="focal-image"
        tabIndex={0}
        role="group"
        aria-label={t('Focal point of {name}', { name: fileLabel(file) })}
        aria-describedby={`${id}-where ${id}-how`}
        onKeyDown={(event) => {
          const next = focalAfterKey(focal, event.key, event.shiftKey, image);
          if (!next) return;
          event.preventDefault();
          move(next);
        }}
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          move(focalAtClick(event.clientX - box.left, event.clientY - box.top, box, image));
        }}
      >
        <img src={assetUrl(file.id, { modified: file.modified_on })} alt={fileLabel(file)} width={image.width} height={image.height} />
        <span class="focal-marker" aria-hidden="true" style={{ left: `${marker.left}%`, top: `${marker.top}%` }} />
      </div>
      <p id={`${id}-where`} class="help" aria-live="polite">
        {changed
          ? t('Focal point: {x}, {y} of {width} × {height} pixels (not saved).', where)
          : t('Focal point: {x}, {y} of {width} × {height} pixels.', where)}
      </p>
      <p id={`${id}-how`} class="visually-hidden">
        {t('Use the arrow keys to move it, with Shift for small steps, or click the image.')}
      </p>
      <button type="button" disabled={!changed || busy} onClick={save}>
        {t('Save focal point')}
      </button>
      {status && <p role="status">{status}</p>}
    </div>
  );
}

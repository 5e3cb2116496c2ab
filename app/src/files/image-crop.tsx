import { useRef, useState } from 'preact/hooks';
import { errorMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { msg, t } from '../i18n/t.js';
import { cropImage } from './crop-image.js';
import {
  ASPECTS,
  aspectRatio,
  clampRect,
  focalAfterCrop,
  rectAfterKey,
  rectFromDrag,
  rectPercent,
  rectWithValue,
  withAspect,
  type Point,
  type Rect,
} from './crop-rect.js';
import { focalOf } from './focal-point.js';
import { assetUrl, fileLabel, replaceFile, saveFocalPoint, type FileRow } from './files-api.js';

const NUMBERS: { key: keyof Rect; text: string }[] = [
  { key: 'x', text: msg('Left (pixels)') },
  { key: 'y', text: msg('Top (pixels)') },
  { key: 'width', text: msg('Width (pixels)') },
  { key: 'height', text: msg('Height (pixels)') },
];

/**
 * Crops a stored image, as Directus's image editor does: a rectangle drawn with the mouse, moved (arrow keys) and
 * resized (Shift + arrow keys) on the image or typed in pixels, free or at an aspect ratio; "Save cropped image"
 * replaces the file's content with that part (drawn on a canvas, sent with `updateFile`) and puts the focal point
 * back inside it.
 */
export function ImageCrop({
  id,
  file,
  onCropped,
  onCancel,
}: {
  id: string;
  file: FileRow;
  onCropped(row: FileRow): void;
  onCancel(): void;
}) {
  const { client } = useSession();
  const image = { width: file.width ?? 0, height: file.height ?? 0 };
  const [rect, setRect] = useState<Rect>({ x: 0, y: 0, ...image });
  const [aspect, setAspect] = useState('free');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const anchor = useRef<Point | null>(null);
  const ratio = aspectRatio(aspect, image);
  const src = assetUrl(file.id, { modified: file.modified_on });
  const box = rectPercent(rect, image);
  const whole = rect.x === 0 && rect.y === 0 && rect.width === image.width && rect.height === image.height;

  const pointAt = (event: PointerEvent): Point => {
    const area = (event.currentTarget as HTMLElement).getBoundingClientRect();
    return {
      x: Math.round(((event.clientX - area.left) / (area.width || 1)) * image.width),
      y: Math.round(((event.clientY - area.top) / (area.height || 1)) * image.height),
    };
  };
  const save = () => {
    setBusy(true);
    setError(null);
    cropImage(src, rect, image, { name: file.filename_download, type: file.type })
      .then((cropped) => replaceFile(client, file.id, cropped, { title: file.title }))
      .then(() => saveFocalPoint(client, file.id, focalAfterCrop(focalOf(file), rect)))
      .then(onCropped)
      .catch((failure: unknown) =>
        setError(t('The image was not cropped: {reason}', { reason: errorMessage(failure) ?? t('the server refused the file.') })),
      )
      .finally(() => setBusy(false));
  };

  return (
    <fieldset class="image-crop">
      <legend>{t('Crop {name}', { name: fileLabel(file) })}</legend>
      <div
        class="crop-image"
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          event.preventDefault();
          (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
          anchor.current = pointAt(event);
        }}
        onPointerMove={(event) => {
          if (anchor.current) setRect(rectFromDrag(anchor.current, pointAt(event), image, ratio));
        }}
        onPointerUp={() => {
          anchor.current = null;
        }}
      >
        <img src={src} alt={fileLabel(file)} width={image.width} height={image.height} draggable={false} />
        <div
          id={id}
          class="crop-box"
          tabIndex={0}
          role="group"
          aria-label={t('Crop area')}
          aria-describedby={`${id}-size ${id}-how`}
          style={{ left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%` }}
          onKeyDown={(event) => {
            const next = rectAfterKey(rect, event.key, event.shiftKey, event.altKey, image, ratio);
            if (!next) return;
            event.preventDefault();
            setRect(next);
          }}
        />
      </div>
      <p id={`${id}-size`} class="help" aria-live="polite">
        {t('Cropped to {width} × {height} pixels from {x}, {y} of {imageWidth} × {imageHeight}.', {
          ...rect,
          imageWidth: image.width,
          imageHeight: image.height,
        })}
      </p>
      <p id={`${id}-how`} class="visually-hidden">
        {t('Draw the area on the image, or move it with the arrow keys and resize it with Shift and the arrow keys (Alt for small steps).')}
      </p>
      <div class="crop-numbers">
        <div class="field">
          <label for={`${id}-aspect`}>{t('Aspect ratio')}</label>
          <select
            id={`${id}-aspect`}
            value={aspect}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setAspect(value);
              setRect(withAspect(rect, aspectRatio(value, image), image));
            }}
          >
            {ASPECTS.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {t(choice.text)}
              </option>
            ))}
          </select>
        </div>
        {NUMBERS.map(({ key, text }) => (
          <div class="field" key={key}>
            <label for={`${id}-${key}`}>{t(text)}</label>
            <input
              id={`${id}-${key}`}
              type="number"
              min={key === 'width' || key === 'height' ? 1 : 0}
              max={key === 'x' || key === 'width' ? image.width : image.height}
              value={rect[key]}
              onInput={(event) => setRect(rectWithValue(rect, key, event.currentTarget.valueAsNumber, image, ratio))}
            />
          </div>
        ))}
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="button" class="primary" disabled={busy || whole} onClick={save}>
          {t('Save cropped image')}
        </button>
        <button type="button" disabled={busy} onClick={() => setRect(clampRect({ x: 0, y: 0, ...image }, image))}>
          {t('Whole image')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('Cancel')}
        </button>
      </div>
      {busy && <p aria-live="polite">{t('Working…')}</p>}
    </fieldset>
  );
}

import type { Rect } from './crop-rect.js';

/** The types a canvas writes; any other image is saved as PNG. */
const CANVAS_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * The part `rect` (in the file's stored pixels, `stored` its width and height) of the image at `src`, drawn on a
 * canvas and encoded as a new file of the same name (and type, where a canvas can write it).
 */
export async function cropImage(
  src: string,
  rect: Rect,
  stored: { width: number; height: number },
  file: { name: string; type: string | null },
): Promise<File> {
  const image = new Image();
  image.src = src;
  await image.decode();
  // The bytes may hold more (or fewer) pixels than the row says: crop the same part of them.
  const scaleX = image.naturalWidth / (stored.width || image.naturalWidth);
  const scaleY = image.naturalHeight / (stored.height || image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(rect.width * scaleX));
  canvas.height = Math.max(1, Math.round(rect.height * scaleY));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.drawImage(image, rect.x * scaleX, rect.y * scaleY, rect.width * scaleX, rect.height * scaleY, 0, 0, canvas.width, canvas.height);
  const type = file.type && CANVAS_TYPES.includes(file.type) ? file.type : 'image/png';
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('the canvas made no image'))), type, 0.92),
  );
  const name = type === file.type ? file.name : file.name.replace(/(\.[^.]*)?$/, '.png');
  return new File([blob], name, { type });
}

/**
 * The focal point of an image (pure): Directus's `focal_point_x` / `focal_point_y` on the file, in pixels of the
 * original image; none means its centre.
 */
export type Focal = { x: number; y: number };

const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));

/** The stored point, or the centre when there is none. */
export function focalOf(file: {
  width: number | null;
  height: number | null;
  focal_point_x?: number | null;
  focal_point_y?: number | null;
}): Focal {
  const width = file.width ?? 0;
  const height = file.height ?? 0;
  return { x: file.focal_point_x ?? Math.round(width / 2), y: file.focal_point_y ?? Math.round(height / 2) };
}

/** The point under a click at (`offsetX`, `offsetY`) on the image drawn `shownWidth` × `shownHeight`. */
export function focalAtClick(
  offsetX: number,
  offsetY: number,
  shown: { width: number; height: number },
  image: { width: number; height: number },
): Focal {
  if (shown.width <= 0 || shown.height <= 0) return { x: 0, y: 0 };
  return {
    x: clamp((offsetX / shown.width) * image.width, image.width),
    y: clamp((offsetY / shown.height) * image.height, image.height),
  };
}

/**
 * How far an arrow key moves something on an image, in image pixels: a twentieth of the image per press (a hundredth
 * when `fine`), at least one; null for other keys. The focal point and the crop rectangle both move by it.
 */
export function arrowStep(key: string, fine: boolean, image: { width: number; height: number }): [number, number] | null {
  const stepX = Math.max(1, Math.round(image.width / (fine ? 100 : 20)));
  const stepY = Math.max(1, Math.round(image.height / (fine ? 100 : 20)));
  switch (key) {
    case 'ArrowLeft':
      return [-stepX, 0];
    case 'ArrowRight':
      return [stepX, 0];
    case 'ArrowUp':
      return [0, -stepY];
    case 'ArrowDown':
      return [0, stepY];
    default:
      return null;
  }
}

/** The point moved by an arrow key: a twentieth of the image per press (a hundredth with Shift); null for other keys. */
export function focalAfterKey(focal: Focal, key: string, fine: boolean, image: { width: number; height: number }): Focal | null {
  const move = arrowStep(key, fine, image);
  if (!move) return null;
  return { x: clamp(focal.x + move[0], image.width), y: clamp(focal.y + move[1], image.height) };
}

/** Where the marker sits, in percent of the drawn image. */
export function focalPercent(focal: Focal, image: { width: number; height: number }): { left: number; top: number } {
  return {
    left: image.width > 0 ? (focal.x / image.width) * 100 : 50,
    top: image.height > 0 ? (focal.y / image.height) * 100 : 50,
  };
}

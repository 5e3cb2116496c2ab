import { msg } from '../i18n/t.js';
import { arrowStep, type Focal } from './focal-point.js';

/**
 * The crop of an image (pure): a rectangle in the image's own pixels, drawn with the mouse, moved and resized with
 * the keyboard or typed, within the image and, when one is chosen, at a fixed aspect ratio.
 */
export type Rect = { x: number; y: number; width: number; height: number };
export type Size = { width: number; height: number };
export type Point = { x: number; y: number };

/** The aspect ratios offered (`text` a message, translated where shown). */
export const ASPECTS: { value: string; text: string }[] = [
  { value: 'free', text: msg('Free') },
  { value: 'original', text: msg('As the image') },
  { value: '1:1', text: msg('Square (1:1)') },
  { value: '4:3', text: '4:3' },
  { value: '3:2', text: '3:2' },
  { value: '16:9', text: '16:9' },
];

/** Width over height of an aspect choice, or null for a free one. */
export function aspectRatio(aspect: string, image: Size): number | null {
  if (aspect === 'original') return image.height > 0 ? image.width / image.height : null;
  const match = /^(\d+):(\d+)$/.exec(aspect);
  return match ? Number(match[1]) / Number(match[2]) : null;
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, Math.round(value)));

/** The rectangle inside the image, in whole pixels, at least one pixel wide and high. */
export function clampRect(rect: Rect, image: Size): Rect {
  const width = clamp(rect.width, 1, image.width);
  const height = clamp(rect.height, 1, image.height);
  return { x: clamp(rect.x, 0, image.width - width), y: clamp(rect.y, 0, image.height - height), width, height };
}

/** The rectangle at `ratio` (kept at its corner, its width kept unless that leaves the image). */
export function withAspect(rect: Rect, ratio: number | null, image: Size): Rect {
  if (!ratio) return clampRect(rect, image);
  let width = Math.min(rect.width, image.width - rect.x);
  let height = width / ratio;
  if (height > image.height - rect.y) {
    height = image.height - rect.y;
    width = height * ratio;
  }
  return clampRect({ x: rect.x, y: rect.y, width, height }, image);
}

/** The rectangle a drag draws from `from` to `to` (at `ratio`, its height follows the width). */
export function rectFromDrag(from: Point, to: Point, image: Size, ratio: number | null): Rect {
  const x = clamp(to.x, 0, image.width);
  const y = clamp(to.y, 0, image.height);
  let width = Math.abs(x - from.x);
  let height = Math.abs(y - from.y);
  if (ratio) {
    const roomX = x < from.x ? from.x : image.width - from.x;
    const roomY = y < from.y ? from.y : image.height - from.y;
    height = width / ratio;
    if (height > roomY) {
      height = roomY;
      width = height * ratio;
    }
    width = Math.min(width, roomX);
  }
  const left = x < from.x ? from.x - width : from.x;
  const top = y < from.y ? from.y - height : from.y;
  return clampRect({ x: left, y: top, width: Math.max(1, width), height: Math.max(1, height) }, image);
}

/**
 * The rectangle after a key: the arrows move it by a twentieth of the image (a hundredth with Alt); with Shift they
 * resize it (Right and Down larger, Left and Up smaller; at a fixed ratio both sides change). Null for other keys.
 */
export function rectAfterKey(rect: Rect, key: string, shift: boolean, fine: boolean, image: Size, ratio: number | null): Rect | null {
  const move = arrowStep(key, fine, image);
  if (!move) return null;
  if (!shift) return clampRect({ ...rect, x: rect.x + move[0], y: rect.y + move[1] }, image);
  const width = Math.max(1, Math.min(image.width - rect.x, rect.width + move[0]));
  const height = Math.max(1, Math.min(image.height - rect.y, rect.height + move[1]));
  if (ratio) return withAspect({ ...rect, width: move[0] !== 0 ? width : height * ratio }, ratio, image);
  return clampRect({ ...rect, width, height }, image);
}

/** The rectangle after one of its numbers is typed: at a fixed ratio, the other side follows width or height. */
export function rectWithValue(rect: Rect, key: keyof Rect, value: number, image: Size, ratio: number | null): Rect {
  if (!Number.isFinite(value)) return rect;
  const next = { ...rect, [key]: value };
  if (ratio && key === 'height') return withAspect({ ...next, width: value * ratio }, ratio, image);
  return withAspect(next, ratio, image);
}

/** The focal point in the cropped image: where it was, moved with the crop, or the crop's centre if it falls outside. */
export function focalAfterCrop(focal: Focal, rect: Rect): Focal {
  const inside = focal.x >= rect.x && focal.x <= rect.x + rect.width && focal.y >= rect.y && focal.y <= rect.y + rect.height;
  return inside ? { x: focal.x - rect.x, y: focal.y - rect.y } : { x: Math.round(rect.width / 2), y: Math.round(rect.height / 2) };
}

/** Where the rectangle is drawn over the image, in percent. */
export function rectPercent(rect: Rect, image: Size): { left: number; top: number; width: number; height: number } {
  const w = image.width || 1;
  const h = image.height || 1;
  return { left: (rect.x / w) * 100, top: (rect.y / h) * 100, width: (rect.width / w) * 100, height: (rect.height / h) * 100 };
}

import { describe, expect, it } from 'vitest';
import { aspectRatio, clampRect, focalAfterCrop, rectAfterKey, rectFromDrag, rectPercent, rectWithValue, withAspect } from './crop-rect.js';

const image = { width: 200, height: 100 };

describe('the crop rectangle', () => {
  it('reads the aspect choices', () => {
    expect(aspectRatio('free', image)).toBeNull();
    expect(aspectRatio('original', image)).toBe(2);
    expect(aspectRatio('16:9', image)).toBeCloseTo(16 / 9);
    expect(aspectRatio('1:1', image)).toBe(1);
  });

  it('keeps the rectangle inside the image, in whole pixels, at least one pixel', () => {
    expect(clampRect({ x: -5, y: 90, width: 50.4, height: 30 }, image)).toEqual({ x: 0, y: 70, width: 50, height: 30 });
    expect(clampRect({ x: 10, y: 10, width: 0, height: 500 }, image)).toEqual({ x: 10, y: 0, width: 1, height: 100 });
  });

  it('fits a ratio from its corner, shrinking when the image ends', () => {
    expect(withAspect({ x: 0, y: 0, width: 80, height: 10 }, 1, image)).toEqual({ x: 0, y: 0, width: 80, height: 80 });
    expect(withAspect({ x: 100, y: 50, width: 100, height: 10 }, 1, image)).toEqual({ x: 100, y: 50, width: 50, height: 50 });
  });

  it('draws from a drag in any direction, at a ratio when one is chosen', () => {
    expect(rectFromDrag({ x: 20, y: 10 }, { x: 120, y: 60 }, image, null)).toEqual({ x: 20, y: 10, width: 100, height: 50 });
    expect(rectFromDrag({ x: 120, y: 60 }, { x: 20, y: 10 }, image, null)).toEqual({ x: 20, y: 10, width: 100, height: 50 });
    expect(rectFromDrag({ x: 20, y: 10 }, { x: 60, y: 90 }, image, 1)).toEqual({ x: 20, y: 10, width: 40, height: 40 });
    expect(rectFromDrag({ x: 20, y: 10 }, { x: 500, y: 500 }, image, 1)).toEqual({ x: 20, y: 10, width: 90, height: 90 });
  });

  it('moves with the arrow keys and resizes with Shift', () => {
    const rect = { x: 50, y: 20, width: 40, height: 40 };
    expect(rectAfterKey(rect, 'ArrowRight', false, false, image, null)).toEqual({ ...rect, x: 60 });
    expect(rectAfterKey(rect, 'ArrowUp', false, true, image, null)).toEqual({ ...rect, y: 19 });
    expect(rectAfterKey(rect, 'ArrowRight', true, false, image, null)).toEqual({ ...rect, width: 50 });
    expect(rectAfterKey(rect, 'ArrowUp', true, false, image, null)).toEqual({ ...rect, height: 35 });
    expect(rectAfterKey(rect, 'ArrowRight', true, false, image, 1)).toEqual({ ...rect, width: 50, height: 50 });
    expect(rectAfterKey(rect, 'Enter', false, false, image, null)).toBeNull();
    expect(rectAfterKey({ x: 190, y: 0, width: 10, height: 10 }, 'ArrowRight', false, false, image, null)).toEqual({
      x: 190,
      y: 0,
      width: 10,
      height: 10,
    });
  });

  it('takes typed numbers, the other side following at a ratio', () => {
    const rect = { x: 0, y: 0, width: 200, height: 100 };
    expect(rectWithValue(rect, 'width', 120, image, null)).toEqual({ x: 0, y: 0, width: 120, height: 100 });
    expect(rectWithValue(rect, 'width', 60, image, 4 / 3)).toEqual({ x: 0, y: 0, width: 60, height: 45 });
    expect(rectWithValue(rect, 'height', 30, image, 2)).toEqual({ x: 0, y: 0, width: 60, height: 30 });
    expect(rectWithValue(rect, 'x', Number.NaN, image, null)).toBe(rect);
  });

  it('moves the focal point with the crop, or to its centre when the crop leaves it out', () => {
    const crop = { x: 50, y: 20, width: 100, height: 60 };
    expect(focalAfterCrop({ x: 100, y: 50 }, crop)).toEqual({ x: 50, y: 30 });
    expect(focalAfterCrop({ x: 10, y: 50 }, crop)).toEqual({ x: 50, y: 30 });
    expect(focalAfterCrop({ x: 160, y: 10 }, crop)).toEqual({ x: 50, y: 30 });
  });

  it('places the drawn rectangle in percent', () => {
    expect(rectPercent({ x: 50, y: 25, width: 100, height: 50 }, image)).toEqual({ left: 25, top: 25, width: 50, height: 50 });
  });
});

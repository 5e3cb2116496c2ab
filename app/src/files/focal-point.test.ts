import { describe, expect, it } from 'vitest';
import { focalAfterKey, focalAtClick, focalOf, focalPercent } from './focal-point.js';
import { percentOf } from './upload-progress.js';

const image = { width: 400, height: 200 };

describe('the focal point', () => {
  it('is the stored point, else the centre', () => {
    expect(focalOf({ width: 400, height: 200, focal_point_x: 10, focal_point_y: 20 })).toEqual({ x: 10, y: 20 });
    expect(focalOf({ width: 401, height: 200 })).toEqual({ x: 201, y: 100 });
    expect(focalOf({ width: null, height: null })).toEqual({ x: 0, y: 0 });
  });
  it('follows a click on the drawn image, in the image own pixels', () => {
    expect(focalAtClick(50, 25, { width: 200, height: 100 }, image)).toEqual({ x: 100, y: 50 });
    expect(focalAtClick(250, -5, { width: 200, height: 100 }, image)).toEqual({ x: 400, y: 0 });
    expect(focalAtClick(1, 1, { width: 0, height: 0 }, image)).toEqual({ x: 0, y: 0 });
  });
  it('moves by arrow keys, finer with Shift, within the image', () => {
    expect(focalAfterKey({ x: 200, y: 100 }, 'ArrowRight', false, image)).toEqual({ x: 220, y: 100 });
    expect(focalAfterKey({ x: 200, y: 100 }, 'ArrowUp', true, image)).toEqual({ x: 200, y: 98 });
    expect(focalAfterKey({ x: 5, y: 100 }, 'ArrowLeft', false, image)).toEqual({ x: 0, y: 100 });
    expect(focalAfterKey({ x: 5, y: 5 }, 'Enter', false, image)).toBeNull();
  });
  it('places the marker in percent', () => {
    expect(focalPercent({ x: 100, y: 50 }, image)).toEqual({ left: 25, top: 25 });
    expect(focalPercent({ x: 0, y: 0 }, { width: 0, height: 0 })).toEqual({ left: 50, top: 50 });
  });
});

describe('upload progress', () => {
  it('is a whole percent, 0 when the size is unknown', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(7, 5)).toBe(100);
  });
});

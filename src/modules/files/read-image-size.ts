import { createRequire } from 'node:module';
import type sharpType from 'sharp';
import type { StorageDriver } from '../../engine/storage/index.js';

const require = createRequire(import.meta.url);
let sharpModule: typeof sharpType | null = null;

/** sharp, loaded with the first image: a process that never sees one never pays for libvips. */
export function loadSharp(): typeof sharpType {
  sharpModule ??= require('sharp') as typeof sharpType;
  return sharpModule;
}

/**
 * Width and height of a stored image from its header, streamed from storage; null when sharp cannot read it
 * or it is larger than `maxDimension` squared pixels (the file is kept; it is just not treated as an image).
 */
export async function readImageSize(
  driver: StorageDriver,
  path: string,
  maxDimension: number,
): Promise<{ width: number; height: number } | null> {
  if (path.endsWith('.svg')) return null;
  try {
    const sharp = loadSharp();
    const reader = sharp({ limitInputPixels: maxDimension * maxDimension, sequentialRead: true });
    const source = await driver.read(path);
    source.pipe(reader);
    const meta = await reader.metadata();
    source.destroy();
    return meta.width !== undefined && meta.height !== undefined ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
}

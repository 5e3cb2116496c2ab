import type { Sharp } from 'sharp';
import type { Config } from '../../config/index.js';
import { invalidQuery, serviceUnavailable, unprocessableContent } from '../../kernel/errors/index.js';
import type { StorageDriver } from '../../engine/storage/index.js';
import { loadSharp } from '../files/index.js';
import type { OutputFormat, TransformSpec } from './parse-transform.js';

/** Source types sharp transforms; others (SVG among them: it may hold script) are always sent as they are. */
export const TRANSFORMABLE = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/tiff',
  'image/gif',
  'image/heic',
  'image/heif',
]);

const TYPE_OF: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  tiff: 'image/tiff',
};
const EXTENSION_OF: Record<OutputFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', tiff: 'tiff' };
const FROM_TYPE: Record<string, OutputFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/tiff': 'tiff',
};

export type ChosenFormat = { format: OutputFormat; type: string; extension: string };

/** The output format: as asked; `auto` → AVIF or WebP when the client accepts them; none → the source's (JPEG for others). */
export function outputFormat(spec: TransformSpec, sourceType: string, accept: string | undefined): ChosenFormat {
  let format: OutputFormat;
  if (spec.format === 'auto') {
    const accepts = (accept ?? '').toLowerCase();
    format = accepts.includes('image/avif') ? 'avif' : accepts.includes('image/webp') ? 'webp' : (FROM_TYPE[sourceType] ?? 'jpeg');
  } else format = spec.format ?? FROM_TYPE[sourceType] ?? 'jpeg';
  return { format, type: TYPE_OF[format], extension: EXTENSION_OF[format] };
}

/**
 * Streams the stored image through sharp into `target` in the same location. Input larger than the largest
 * dimension squared is refused by libvips (limitInputPixels), and libvips stops after the timeout.
 */
export async function transformImage(
  driver: StorageDriver,
  source: string,
  target: string,
  spec: TransformSpec,
  chosen: ChosenFormat,
  limits: Config['assets'],
): Promise<void> {
  const sharp = loadSharp();
  let pipeline: Sharp = sharp({ limitInputPixels: limits.transformImageMaxDimension * limits.transformImageMaxDimension, failOn: 'error' })
    .rotate()
    .timeout({ seconds: Math.max(Math.ceil(limits.transformTimeout / 1000), 1) });
  if (spec.width !== null || spec.height !== null) {
    pipeline = pipeline.resize({
      width: spec.width ?? undefined,
      height: spec.height ?? undefined,
      fit: spec.fit,
      withoutEnlargement: spec.withoutEnlargement,
    });
  }
  for (const [operation, ...args] of spec.transforms) {
    const method = (pipeline as unknown as Record<string, (...a: unknown[]) => Sharp>)[
      operation === 'grayscale' ? 'greyscale' : operation === 'normalize' ? 'normalise' : operation
    ];
    try {
      pipeline = method!.apply(pipeline, args);
    } catch (error) {
      throw invalidQuery(`"${operation}" can't take these arguments: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  pipeline = pipeline.toFormat(chosen.format, spec.quality === null ? {} : { quality: spec.quality });
  const input = await driver.read(source);
  input.on('error', (error) => pipeline.destroy(error));
  input.pipe(pipeline);
  try {
    await driver.write(target, pipeline, chosen.type);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/timeout/i.test(message))
      throw serviceUnavailable('assets', 'The image transformation took too long (ASSETS_TRANSFORM_TIMEOUT)', error);
    throw unprocessableContent(`The image can't be transformed: ${message.split('\n')[0]}`);
  }
}

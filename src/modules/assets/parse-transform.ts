import { invalidQuery } from '../../kernel/errors/index.js';

export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'tiff';
export type Fit = 'cover' | 'contain' | 'inside' | 'outside';

/** One image transformation, checked; the same request always gives the same canonical value. */
export type TransformSpec = {
  width: number | null;
  height: number | null;
  fit: Fit;
  withoutEnlargement: boolean;
  quality: number | null;
  /** `auto` picks from the client's `Accept` (see chooseFormat). */
  format: OutputFormat | 'auto' | null;
  /** sharp operations `[method, ...arguments]`, from the allow-list only. */
  transforms: [string, ...unknown[]][];
};

/** A preset of `storage_asset_presets` (settings), as Directus stores it. */
export type AssetPreset = {
  key: string;
  fit?: string;
  width?: number;
  height?: number;
  quality?: number;
  withoutEnlargement?: boolean;
  format?: string;
  transforms?: unknown;
};

export type TransformRules = {
  /** `storage_asset_transform`: any transformation, none, or only presets by `key`. */
  mode: 'all' | 'none' | 'presets';
  presets: readonly AssetPreset[];
  maxDimension: number;
  maxOperations: number;
};

/** sharp operations a client may ask for in `transforms`: image operations only, nothing that reads or writes files. */
const OPERATIONS = new Set([
  'rotate',
  'flip',
  'flop',
  'affine',
  'sharpen',
  'median',
  'blur',
  'flatten',
  'unflatten',
  'gamma',
  'negate',
  'normalise',
  'normalize',
  'clahe',
  'convolve',
  'threshold',
  'linear',
  'recomb',
  'modulate',
  'tint',
  'greyscale',
  'grayscale',
  'trim',
  'extend',
  'extract',
  'resize',
]);
const FITS = new Set<Fit>(['cover', 'contain', 'inside', 'outside']);
const FORMATS: Record<string, OutputFormat | 'auto'> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  tiff: 'tiff',
  auto: 'auto',
};
const PARAMETERS = ['key', 'width', 'height', 'fit', 'withoutEnlargement', 'quality', 'format', 'transforms'];

/**
 * The transformation `/assets/:id` asks for, or null for the original. Every value is checked (400
 * INVALID_QUERY with the reason): dimensions within ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION, quality 1–100, a
 * known fit and format, at most ASSETS_TRANSFORM_MAX_OPERATIONS operations from the allow-list, a preset key
 * that exists; `storage_asset_transform` may forbid all transformations or all but presets.
 */
export function parseTransform(query: Record<string, unknown>, rules: TransformRules): TransformSpec | null {
  if (!PARAMETERS.some((name) => query[name] !== undefined)) return null;
  if (rules.mode === 'none') throw invalidQuery('Image transformations are disabled for this project (storage_asset_transform)');
  const key = query.key;
  if (key !== undefined) {
    if (PARAMETERS.some((name) => name !== 'key' && query[name] !== undefined))
      throw invalidQuery('"key" cannot be combined with other transformation parameters');
    const preset = rules.presets.find((p) => p.key === key);
    if (!preset) throw invalidQuery(`There is no asset preset "${String(key)}"`);
    return fromValues(preset as Record<string, unknown>, rules);
  }
  if (rules.mode === 'presets') throw invalidQuery('Only the asset presets may be used for this project (storage_asset_transform)');
  return fromValues(query, rules);
}

function fromValues(values: Record<string, unknown>, rules: TransformRules): TransformSpec {
  const dimension = (name: string): number | null => {
    const raw = values[name];
    if (raw === undefined || raw === null || raw === '') return null;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw invalidQuery(`"${name}" must be a positive whole number`);
    if (n > rules.maxDimension) throw invalidQuery(`"${name}" may be at most ${rules.maxDimension} (ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION)`);
    return n;
  };
  const fit = String(values.fit ?? 'cover') as Fit;
  if (!FITS.has(fit)) throw invalidQuery(`"fit" must be one of ${[...FITS].join(', ')}`);
  let quality: number | null = null;
  if (values.quality !== undefined && values.quality !== '') {
    quality = Number(values.quality);
    if (!Number.isInteger(quality) || quality < 1 || quality > 100) throw invalidQuery('"quality" must be a whole number from 1 to 100');
  }
  const formatText = values.format === undefined || values.format === '' ? null : String(values.format).toLowerCase();
  const format = formatText === null ? null : FORMATS[formatText];
  if (format === undefined) throw invalidQuery(`"format" must be one of ${Object.keys(FORMATS).join(', ')}`);
  const enlarge = values.withoutEnlargement;
  if (enlarge !== undefined && ![true, false, 'true', 'false', ''].includes(enlarge as string | boolean))
    throw invalidQuery('"withoutEnlargement" must be true or false');
  return {
    width: dimension('width'),
    height: dimension('height'),
    fit,
    withoutEnlargement: enlarge === true || enlarge === 'true' || enlarge === '',
    quality,
    format,
    transforms: parseOperations(values.transforms, rules),
  };
}

function parseOperations(raw: unknown, rules: TransformRules): [string, ...unknown[]][] {
  if (raw === undefined || raw === null || raw === '') return [];
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw) as unknown;
    } catch {
      throw invalidQuery('"transforms" must be a JSON array of [operation, ...arguments] lists');
    }
  }
  if (!Array.isArray(list) || !list.every((step) => Array.isArray(step) && typeof step[0] === 'string')) {
    throw invalidQuery('"transforms" must be a JSON array of [operation, ...arguments] lists');
  }
  if (list.length > rules.maxOperations)
    throw invalidQuery(`"transforms" may list at most ${rules.maxOperations} operations (ASSETS_TRANSFORM_MAX_OPERATIONS)`);
  for (const [operation, ...args] of list as [string, ...unknown[]][]) {
    if (!OPERATIONS.has(operation)) throw invalidQuery(`"${operation}" is not an image operation that may be used in "transforms"`);
    checkArguments(operation, args, rules.maxDimension);
  }
  return list as [string, ...unknown[]][];
}

/** Arguments are plain JSON; numbers that size the output stay within the largest dimension. */
function checkArguments(operation: string, args: unknown[], maxDimension: number): void {
  const stack: unknown[] = [...args];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'number') {
      if (!Number.isFinite(value) || Math.abs(value) > maxDimension) throw invalidQuery(`An argument of "${operation}" is out of range`);
    } else if (Array.isArray(value)) stack.push(...(value as unknown[]));
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === '__proto__' || key === 'constructor' || key === 'prototype')
          throw invalidQuery(`An argument of "${operation}" is not allowed`);
        stack.push(inner);
      }
    } else if (typeof value === 'string' && value.length > 100) throw invalidQuery(`An argument of "${operation}" is too long`);
  }
}

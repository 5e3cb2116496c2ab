import { rangeNotSatisfiable } from '../../kernel/errors/index.js';
import type { ByteRange } from '../../engine/storage/index.js';

/**
 * The byte range of a `Range` header against a file of `size` bytes (RFC 9110): `bytes=a-b`, `bytes=a-`,
 * `bytes=-n`. Null means "send the whole file": no header, another unit, several ranges (allowed to be
 * ignored), or a syntax error. A range that starts at or past the end is 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  if (header === undefined) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) throw rangeNotSatisfiable(size);
    return size === 0 ? null : { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) throw rangeNotSatisfiable(size);
  return { start, end };
}

import rangeParser from 'range-parser';
import { rangeNotSatisfiable } from '../../kernel/errors/index.js';
import type { ByteRange } from '../../engine/storage/index.js';

/**
 * The byte range of a `Range` header against a file of `size` bytes (RFC 9110), parsed by range-parser (the
 * parser of Express's `send`): `bytes=a-b`, `bytes=a-`, `bytes=-n`, clamped to the file. Null means "send the
 * whole file": no header, another unit, several ranges that do not merge into one (allowed to be ignored), or a
 * malformed header. A range wholly past the end, or backwards (`bytes=10-5`), is 416. One adjustment to the
 * library: a suffix longer than the file is the whole file (RFC 9110 §14.1.3), where range-parser says 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  if (header === undefined) return null;
  const equals = header.indexOf('=');
  if (equals === -1 || header.slice(0, equals).trim().toLowerCase() !== 'bytes') return null;
  const ranges = rangeParser(size, header, { combine: true });
  if (ranges === -2) return null;
  if (ranges === -1) {
    const suffix = /^\s*-\s*(\d+)\s*$/.exec(header.slice(equals + 1))?.[1];
    if (suffix !== undefined && Number(suffix) > 0) return size > 0 ? { start: 0, end: size - 1 } : null;
    throw rangeNotSatisfiable(size);
  }
  return ranges.length === 1 ? { start: ranges[0]!.start, end: ranges[0]!.end } : null;
}

/** The longest `filename_download` kept (the column's length). */
const MAX_LENGTH = 255;

/**
 * A file name a client sent, made safe to store and to send back in a `Content-Disposition` header: only the
 * last path segment, no control characters, no leading dots, trimmed, at most 255 characters (the extension
 * kept). An empty result becomes `file`.
 */
export function sanitizeFilename(raw: string | undefined): string {
  let name = (raw ?? '').split(/[/\\]/).pop() ?? '';
  name = name
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .trim();
  name = name.replace(/^\.+/, '').trim();
  if (name === '') return 'file';
  if (name.length <= MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return name.slice(0, MAX_LENGTH - extension.length) + extension;
}

/** A title from a file name, as people write one: `summer-trip_2024.jpg` → `Summer Trip 2024`. */
export function titleFromFilename(filename: string): string {
  const dot = filename.lastIndexOf('.');
  const stem = (dot > 0 ? filename.slice(0, dot) : filename)
    .replace(/[-_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return stem.replace(/(^|\s)(\p{Ll})/gu, (_m, space: string, letter: string) => space + letter.toUpperCase()) || filename;
}

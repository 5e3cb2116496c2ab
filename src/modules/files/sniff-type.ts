/** How many leading bytes of an upload are read to learn its type. */
export const SNIFF_BYTES = 4100;

export type SniffedType = { type: string; extension: string | null; charset: string | null };

/** Text types a client may name for a text file: its bytes cannot tell CSV from plain text, or JSON from either. */
const DECLARABLE_TEXT = new Set([
  'text/plain',
  'text/csv',
  'text/markdown',
  'text/tab-separated-values',
  'application/json',
  'text/calendar',
  'text/vcard',
  'application/x-yaml',
  'text/yaml',
]);
const TEXT_EXTENSION: Record<string, string> = {
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'text/tab-separated-values': 'tsv',
  'application/json': 'json',
  'text/calendar': 'ics',
  'text/vcard': 'vcf',
  'application/x-yaml': 'yaml',
  'text/yaml': 'yaml',
  'image/svg+xml': 'svg',
  'text/html': 'html',
  'application/xml': 'xml',
};

/**
 * The real type of an upload, from its first bytes (`head`), never from its name. Binary formats are
 * recognised by their signatures (file-type). Text is text: SVG, HTML and XML by their markup, and otherwise
 * plain text, unless the client declared one of the plain text types (CSV, JSON…), which is harmless to
 * believe. Bytes that are neither are `application/octet-stream`.
 */
export async function sniffType(head: Buffer, declared: string | undefined): Promise<SniffedType> {
  // Loaded with the first upload: most processes never sniff a file.
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(head);
  if (found) {
    // file-type reports XML-based formats it knows (SVG among them would be application/xml): look closer.
    if (found.mime !== 'application/xml') return { type: found.mime, extension: found.ext, charset: null };
  }
  if (head.length === 0) return { type: 'application/octet-stream', extension: null, charset: null };
  if (!looksLikeText(head)) return { type: 'application/octet-stream', extension: null, charset: null };
  const markup = markupType(head.toString('utf8', 0, Math.min(head.length, 1024)));
  const claimed = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  const type = markup ?? (DECLARABLE_TEXT.has(claimed) ? claimed : 'text/plain');
  return { type, extension: TEXT_EXTENSION[type] ?? 'txt', charset: 'utf-8' };
}

/** Markup that a browser would render: SVG (can carry script), HTML, other XML; null for plain text. */
function markupType(start: string): string | null {
  const text = start
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  const body = text.replace(/^<\?xml[^>]*>\s*/, '').replace(/^(<!--[\s\S]*?-->\s*)+/, '');
  if (/^<!doctype svg|^<svg[\s>]/.test(body) || /<svg[\s>]/.test(body.slice(0, 512))) return 'image/svg+xml';
  if (/^<!doctype html|^<html[\s>]|^<head[\s>]|^<body[\s>]|^<script[\s>]|^<iframe[\s>]/.test(body)) return 'text/html';
  if (text.startsWith('<?xml')) return 'application/xml';
  return null;
}

/** UTF-8 (or ASCII) without NUL bytes; a multi-byte character cut at the end of the head is allowed. */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const replaced = decoded.split('\uFFFD').length - 1;
  // A character cut by the head's end decodes as one replacement at most.
  return replaced <= 1 && !(replaced === 1 && !decoded.endsWith('\uFFFD'));
}

/** Whether `type` matches an allow-list entry (`*\/*`, `image/*`, `application/pdf`). */
export function isTypeAllowed(type: string, allowList: readonly string[]): boolean {
  const [group] = type.split('/');
  return allowList.some((entry) => entry === '*/*' || entry === type || entry === `${group}/*`);
}

import { stringifyYaml as stringify } from '../text/yaml.js';
import { invalidQuery } from '../errors/index.js';
import { toCsv } from './to-csv.js';
import { toXml } from './to-xml.js';

export const EXPORT_FORMATS = ['json', 'csv', 'csv_utf8', 'xml', 'yaml'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExportFile = { body: string; contentType: string; extension: string };

/** Reads `?export=`: undefined when absent, the format when known, else 400 INVALID_QUERY. */
export function parseExportFormat(value: unknown): ExportFormat | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value)) return value as ExportFormat;
  throw invalidQuery(`"export" must be one of [${EXPORT_FORMATS.join(', ')}]`);
}

/** Turns the `data` of a response into a downloadable file (Directus's `respond` middleware). */
export function formatExport(data: unknown, format: ExportFormat): ExportFile {
  switch (format) {
    case 'json':
      return { body: JSON.stringify(data ?? null, null, '\t'), contentType: 'application/json; charset=utf-8', extension: 'json' };
    case 'csv':
      return { body: toCsv(data), contentType: 'text/csv; charset=utf-8', extension: 'csv' };
    case 'csv_utf8':
      return { body: `\uFEFF${toCsv(data)}`, contentType: 'text/csv; charset=utf-8', extension: 'csv' };
    case 'xml':
      return { body: toXml(data), contentType: 'text/xml; charset=utf-8', extension: 'xml' };
    case 'yaml':
      return { body: stringify(data ?? null), contentType: 'text/yaml; charset=utf-8', extension: 'yaml' };
  }
}

/**
 * `<collection or Export> <YYYYMMDD>-<H><M><S>.<ext>`: month and day zero-padded, hour, minute and second not
 * (Directus's getDateTimeFormatted, local time).
 */
export function exportFilename(collection: string | undefined, extension: string, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${now.getHours()}${now.getMinutes()}${now.getSeconds()}`;
  return `${collection ?? 'Export'} ${date}-${time}.${extension}`;
}

/** `attachment; filename="…"`, with a UTF-8 `filename*` when the name is not plain ASCII. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ascii === filename) return `attachment; filename="${filename}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

import { Readable } from 'node:stream';
import { stringifyYaml as stringify } from '../text/yaml.js';
import { csvHeader, csvLine } from './to-csv.js';
import { xmlRowLines } from './to-xml.js';
import type { ExportFormat } from './format-export.js';

type Row = Record<string, unknown>;

/**
 * The same files formatExport makes, written page by page from an async source of rows, so an export of a
 * million rows never sits in memory. CSV columns are those of the first row (every row has the same fields).
 */
export function streamExport(pages: AsyncIterable<Row[]>, format: ExportFormat): Readable {
  return Readable.from(generate(pages, format));
}

async function* generate(pages: AsyncIterable<Row[]>, format: ExportFormat): AsyncGenerator<string> {
  let first = true;
  let columns: string[] = [];
  if (format === 'xml') yield "<?xml version='1.0'?>\n<data>";
  for await (const rows of pages) {
    const chunk: string[] = [];
    for (const row of rows) {
      switch (format) {
        case 'json':
          chunk.push(`${first ? '[\n' : ',\n'}${indent(JSON.stringify(row, null, '\t'))}`);
          break;
        case 'csv':
        case 'csv_utf8':
          if (first) {
            columns = Object.keys(row);
            chunk.push(`${format === 'csv_utf8' ? '\uFEFF' : ''}${csvHeader(columns)}`);
          }
          chunk.push(`\n${csvLine(columns, row)}`);
          break;
        case 'xml':
          chunk.push(`\n${xmlRowLines(row).join('\n')}`);
          break;
        case 'yaml':
          chunk.push(stringify([row]));
          break;
      }
      first = false;
    }
    if (chunk.length > 0) yield chunk.join('');
  }
  if (format === 'json') yield first ? '[]' : '\n]';
  if (format === 'xml') yield '\n</data>';
  if (format === 'yaml' && first) yield '[]\n';
  if ((format === 'csv' || format === 'csv_utf8') && first) yield format === 'csv_utf8' ? '\uFEFF' : '';
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `\t${line}`)
    .join('\n');
}

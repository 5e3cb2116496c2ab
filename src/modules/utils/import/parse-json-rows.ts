import { atRow, invalidPayload } from '../../../kernel/errors/index.js';
import { exceedsDepth, MAX_JSON_DEPTH } from '../../../kernel/json/exceeds-depth.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';
import type { ImportRow } from './parse-csv-rows.js';

/**
 * Reads a JSON array of objects from a stream of chunks, one element at a time (the whole file is never held):
 * each element is yielded as `{row, data}`, the first being row 1. Anything but an array of objects, an element
 * that is not valid JSON or is nested deeper than MAX_JSON_DEPTH, text after the array, or an element longer than
 * `maxRecordBytes` is 400 INVALID_PAYLOAD naming the row.
 */
export async function* parseJsonRows(chunks: AsyncIterable<Buffer | string>, maxRecordBytes: number): AsyncGenerator<ImportRow> {
  const decoder = new TextDecoder('utf-8');
  type State = 'before' | 'inside' | 'after';
  let state = 'before' as State;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let element = '';
  let row = 0;
  let first = true;

  const fail = (reason: string) => atRow(invalidPayload(reason), row + 1);
  const finish = (): ImportRow | null => {
    const text = element.trim();
    element = '';
    if (text === '') return null;
    row += 1;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw atRow(invalidPayload('Not valid JSON'), row);
    }
    if (!isPlainObject(value)) throw atRow(invalidPayload('Each element of the array must be an object'), row);
    if (exceedsDepth(value, MAX_JSON_DEPTH)) throw atRow(invalidPayload(`Nested deeper than ${MAX_JSON_DEPTH} levels`), row);
    return { row, data: value };
  };

  const step = (text: string, rows: ImportRow[]) => {
    for (const c of text) {
      if (state === 'before') {
        if (/\s/.test(c)) continue;
        if (c !== '[') throw invalidPayload('A JSON import must be an array of objects');
        state = 'inside';
        continue;
      }
      if (state === 'after') {
        if (!/\s/.test(c)) throw invalidPayload('Text after the end of the JSON array');
        continue;
      }
      if (inString) {
        element += c;
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
      } else if (c === '"') {
        element += c;
        inString = true;
      } else if (c === '{' || c === '[') {
        element += c;
        depth += 1;
      } else if ((c === '}' || c === ']') && depth > 0) {
        element += c;
        depth -= 1;
      } else if (depth === 0 && (c === ',' || c === ']')) {
        const parsed = finish();
        if (parsed) rows.push(parsed);
        else if (c === ',') throw fail('An empty element');
        if (c === ']') state = 'after';
      } else {
        element += c;
      }
      if (element.length > maxRecordBytes) throw fail(`An element is longer than ${maxRecordBytes} characters`);
    }
  };

  for await (const chunk of chunks) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    const rows: ImportRow[] = [];
    step(text, rows);
    yield* rows;
  }
  const rows: ImportRow[] = [];
  step(decoder.decode(), rows);
  yield* rows;
  if (state !== 'after')
    throw state === 'before'
      ? invalidPayload('The file is empty: a JSON import must be an array of objects')
      : fail('The array is never closed');
}

import { atRow, invalidPayload } from '../../../kernel/errors/index.js';

/** One record of an import: its number (the first record after the header is 1) and its values. */
export type ImportRow = { row: number; data: Record<string, unknown> };

/**
 * Reads CSV (RFC 4180: `,` between fields, `"` around fields that hold commas, quotes or line breaks, `""` for a
 * quote, CRLF or LF between records, a UTF-8 byte order mark ignored) from a stream of chunks, one record at a
 * time: the first record names the fields, every later one is yielded as `{row, data}` with text values (an
 * empty field is `''`). Blank lines are skipped. Malformed input is 400 INVALID_PAYLOAD naming the record: a quote
 * inside an unquoted field, text after a closing quote, a quote left open, a record with more or fewer fields than
 * the header, a record longer than `maxRecordBytes`.
 */
export async function* parseCsvRows(chunks: AsyncIterable<Buffer | string>, maxRecordBytes: number): AsyncGenerator<ImportRow> {
  const decoder = new TextDecoder('utf-8');
  let header: string[] | null = null;
  let row = 0;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let size = 0;
  let started = false;
  let first = true;

  const fail = (reason: string) => atRow(invalidPayload(reason), row + 1);
  const endRecord = (): ImportRow | null => {
    const values = [...fields, field];
    fields = [];
    field = '';
    afterQuote = false;
    size = 0;
    const wasStarted = started;
    started = false;
    if (!wasStarted) return null;
    if (header === null) {
      header = values.map((name) => name.trim());
      const seen = new Set<string>();
      for (const name of header) {
        if (name === '') throw invalidPayload('The header has an empty column name');
        if (seen.has(name)) throw invalidPayload(`The header names "${name}" twice`);
        seen.add(name);
      }
      return null;
    }
    if (values.length !== header.length) throw fail(`Expected ${header.length} fields as in the header, found ${values.length}`);
    row += 1;
    const data: Record<string, unknown> = {};
    header.forEach((name, i) => (data[name] = values[i]));
    return { row, data };
  };

  let carry = '';
  const step = (text: string, records: ImportRow[], final: boolean) => {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (++size > maxRecordBytes) throw fail(`A record is longer than ${maxRecordBytes} characters`);
      if (quoted) {
        if (c !== '"') field += c;
        else if (i + 1 === text.length && !final) {
          // A quote at the end of a chunk: whether it is doubled shows in the next one.
          carry = '"';
          size -= 1;
        } else if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else if (c === ',') {
        fields.push(field);
        field = '';
        afterQuote = false;
        started = true;
      } else if (c === '\n' || c === '\r') {
        if (c === '\r' && text[i + 1] === '\n') i++;
        const record = endRecord();
        if (record) records.push(record);
      } else if (c === '"') {
        if (afterQuote || field !== '') throw fail('A quote inside an unquoted field (quote the field and double the quote)');
        quoted = true;
        started = true;
      } else {
        if (afterQuote) throw fail('Text after the closing quote of a field');
        field += c;
        started = true;
      }
    }
  };

  for await (const chunk of chunks) {
    let text = carry + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    carry = '';
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    const records: ImportRow[] = [];
    step(text, records, false);
    yield* records;
  }
  const rest: ImportRow[] = [];
  step(carry + decoder.decode(), rest, true);
  yield* rest;
  if (quoted) throw fail('A quoted field is never closed');
  const last = endRecord();
  if (last) yield last;
  if (header === null) throw invalidPayload('The file is empty: a CSV import needs a header and at least one record');
}

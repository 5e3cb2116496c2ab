import { describe, expect, it } from 'vitest';
import { isAppError } from '../../../kernel/errors/index.js';
import { parseCsvRows } from './parse-csv-rows.js';
import { parseJsonRows } from './parse-json-rows.js';

async function* chunksOf(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function all<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

async function messageOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (isAppError(error) && error.code === 'INVALID_PAYLOAD') return error.message;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('parseCsvRows', () => {
  const csv = '\uFEFFname,note\r\n"a, b","say ""hi"""\r\n\r\n"multi\nline",é€\nlast,\n';
  const expected = [
    { row: 1, data: { name: 'a, b', note: 'say "hi"' } },
    { row: 2, data: { name: 'multi\nline', note: 'é€' } },
    { row: 3, data: { name: 'last', note: '' } },
  ];

  it('reads quoted fields, doubled quotes, line breaks, a BOM, CRLF and blank lines, whatever the chunking', async () => {
    for (const size of [1, 2, 3, 7, 1000]) expect(await all(parseCsvRows(chunksOf(csv, size), 1000))).toEqual(expected);
    expect(await all(parseCsvRows(chunksOf('name\nx', 2), 1000))).toEqual([{ row: 1, data: { name: 'x' } }]);
  });

  it('names the record of malformed input', async () => {
    const cases: [string, RegExp][] = [
      ['a,b\n1,2\nx"y,3\n', /^Row 2: Invalid payload\. A quote inside an unquoted field/],
      ['a,b\n"x"y,1\n', /^Row 1: Invalid payload\. Text after the closing quote/],
      ['a,b\n1,2\n"open,1\n', /^Row 2: Invalid payload\. A quoted field is never closed/],
      ['a,b\n1\n', /^Row 1: Invalid payload\. Expected 2 fields/],
      ['a,b\n1,2,3\n', /^Row 1: Invalid payload\. Expected 2 fields/],
      ['a,a\n1,2\n', /names "a" twice/],
      ['a,\n1,2\n', /empty column name/],
      ['', /The file is empty/],
      [`a\n${'x'.repeat(50)}\n`, /^Row 1: Invalid payload\. A record is longer than 20/],
    ];
    for (const [text, message] of cases) expect(await messageOf(all(parseCsvRows(chunksOf(text, 3), 20)))).toMatch(message);
  });
});

describe('parseJsonRows', () => {
  it('yields each object of the array, whatever the chunking (strings with brackets and escapes included)', async () => {
    const json = ' [ {"a":"x]}\\"[,"} , {"b":[1,{"c":2}]} ]\n';
    for (const size of [1, 4, 1000]) {
      expect(await all(parseJsonRows(chunksOf(json, size), 1000))).toEqual([
        { row: 1, data: { a: 'x]}"[,' } },
        { row: 2, data: { b: [1, { c: 2 }] } },
      ]);
    }
    expect(await all(parseJsonRows(chunksOf('[]', 1), 1000))).toEqual([]);
  });

  it('names the row of malformed input', async () => {
    const cases: [string, RegExp][] = [
      ['[{"a":1},{"a":}]', /^Row 2: Invalid payload\. Not valid JSON/],
      ['[{"a":1},2]', /^Row 2: Invalid payload\. Each element of the array must be an object/],
      ['{"a":1}', /must be an array of objects/],
      ['[{"a":1}', /^Row 1: Invalid payload\. The array is never closed/],
      ['[{"a":1}] x', /Text after the end/],
      ['[{"a":1},,{"a":2}]', /^Row 2: Invalid payload\. An empty element/],
      ['', /The file is empty/],
      [`[{"a":"${'x'.repeat(50)}"}]`, /^Row 1: Invalid payload\. An element is longer than 20/],
    ];
    for (const [text, message] of cases) expect(await messageOf(all(parseJsonRows(chunksOf(text, 3), 20)))).toMatch(message);
  });
});

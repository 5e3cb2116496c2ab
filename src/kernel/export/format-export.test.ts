import { describe, expect, it } from 'vitest';
import { contentDisposition, exportFilename, formatExport, parseExportFormat } from './format-export.js';
import { toCsv } from './to-csv.js';
import { escapeXml, toXml } from './to-xml.js';

describe('exportFilename', () => {
  it('pads month and day but not hour, minute and second', () => {
    expect(exportFilename('service_activity', 'csv', new Date(2026, 10, 2, 3, 8, 4))).toBe('service_activity 20261102-384.csv');
    expect(exportFilename(undefined, 'yaml', new Date(2026, 0, 22, 13, 28, 51))).toBe('Export 20260122-132851.yaml');
  });
});

describe('contentDisposition', () => {
  it('adds a UTF-8 name for non-ASCII collections', () => {
    expect(contentDisposition('a b.csv')).toBe('attachment; filename="a b.csv"');
    expect(contentDisposition('café.csv')).toBe(`attachment; filename="caf_.csv"; filename*=UTF-8''caf%C3%A9.csv`);
  });
});

describe('parseExportFormat', () => {
  it('accepts the five formats and nothing else', () => {
    expect(parseExportFormat(undefined)).toBeUndefined();
    for (const f of ['json', 'csv', 'csv_utf8', 'xml', 'yaml']) expect(parseExportFormat(f)).toBe(f);
    expect(() => parseExportFormat('JSON')).toThrow(/"export" must be one of/);
    expect(() => parseExportFormat(['csv'])).toThrow();
  });
});

describe('toCsv', () => {
  it('takes the union of keys, leaves null empty and encodes dates and objects', () => {
    const csv = toCsv([
      { a: 1, b: null },
      { c: true, a: 'x,y', d: new Date('2026-01-02T03:04:05.000Z'), e: { k: 'v' } },
    ]);
    expect(csv).toBe('"a","b","c","d","e"\n1,,,,\n"x,y",,true,"2026-01-02T03:04:05.000Z","{""k"":""v""}"');
  });

  it('writes one row for a single object and only a header for nothing', () => {
    expect(toCsv({ id: 1 })).toBe('"id"\n1');
    expect(toCsv([])).toBe('');
    expect(toCsv(null)).toBe('');
  });
});

describe('toXml', () => {
  it('escapes text, repeats arrays and writes empty elements for null', () => {
    expect(toXml([{ name: `<a href='x'>&</a>`, tags: ['a', 'b'], gone: null, '1bad key': 1 }])).toBe(
      [
        "<?xml version='1.0'?>",
        '<data>',
        '    <data>',
        '        <name>&lt;a href=&apos;x&apos;&gt;&amp;&lt;/a&gt;</name>',
        '        <tags>a</tags>',
        '        <tags>b</tags>',
        '        <gone/>',
        '        <_1bad_key>1</_1bad_key>',
        '    </data>',
        '</data>',
      ].join('\n'),
    );
  });

  it('drops characters XML cannot carry', () => {
    expect(escapeXml('a\u0000b\u0007c\nd')).toBe('abc\nd');
  });
});

describe('formatExport', () => {
  it('encodes null data in every format without throwing', () => {
    for (const f of ['json', 'csv', 'csv_utf8', 'xml', 'yaml'] as const) expect(typeof formatExport(null, f).body).toBe('string');
  });
});

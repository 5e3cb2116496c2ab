import { describe, expect, it } from 'vitest';
import { comparedFields, versionKey } from './versions-api.js';

describe('versionKey', () => {
  it('makes a key from a name, never "main", unique among the taken ones', () => {
    expect(versionKey('Spring copy!', [])).toBe('spring-copy');
    expect(versionKey('Spring copy', ['spring-copy', 'spring-copy-2'])).toBe('spring-copy-3');
    expect(versionKey('Main', [])).toBe('main-2');
    expect(versionKey('***', [])).toBe('version');
  });
});

describe('comparedFields', () => {
  it("lists the version's fields beside the main item's values, marking the ones that differ", () => {
    const rows = comparedFields({
      outdated: false,
      mainHash: 'h',
      current: { title: 'New', body: 'Same', tags: ['a'] },
      main: { id: 1, title: 'Old', body: 'Same', tags: ['a'] },
    });
    expect(rows).toEqual([
      { field: 'title', main: 'Old', version: 'New', changed: true },
      { field: 'body', main: 'Same', version: 'Same', changed: false },
      { field: 'tags', main: ['a'], version: ['a'], changed: false },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { zipEntryNames } from './zip-entry-names.js';

describe('zipEntryNames', () => {
  it('keeps plain names and numbers repeats before the extension, case-insensitively', () => {
    expect(zipEntryNames(['a.txt', 'b.txt', 'a.txt', 'A.TXT', 'notes', 'notes'])).toEqual([
      'a.txt',
      'b.txt',
      'a (2).txt',
      'A (3).TXT',
      'notes',
      'notes (2)',
    ]);
  });

  it('never lets a name leave the archive root or be blank', () => {
    expect(zipEntryNames(['../../etc/passwd', 'C:\\win\\x.ini', '/abs/y', '..', '', ' \u0001 ', '.hidden'])).toEqual([
      'passwd',
      'x.ini',
      'y',
      'file',
      'file (2)',
      'file (3)',
      '.hidden',
    ]);
  });
});

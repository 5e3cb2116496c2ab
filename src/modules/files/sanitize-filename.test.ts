import { describe, expect, it } from 'vitest';
import { sanitizeFilename, titleFromFilename } from './sanitize-filename.js';

describe('sanitizeFilename', () => {
  it('keeps only the last path segment, without control or direction characters', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('C:\\Users\\me\\photo.jpg')).toBe('photo.jpg');
    expect(sanitizeFilename('in\u0000voice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(sanitizeFilename('a<b>:c"d|e?f*.txt')).toBe('a_b__c_d_e_f_.txt');
  });

  it('drops leading dots and falls back to "file"', () => {
    expect(sanitizeFilename('.htaccess')).toBe('htaccess');
    expect(sanitizeFilename('...')).toBe('file');
    expect(sanitizeFilename(undefined)).toBe('file');
    expect(sanitizeFilename('Résumé – été.pdf')).toBe('Résumé – été.pdf');
  });

  it('shortens a long name to 255 characters, keeping the extension', () => {
    const name = sanitizeFilename(`${'x'.repeat(300)}.jpeg`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('x.jpeg')).toBe(true);
  });
});

describe('titleFromFilename', () => {
  it('makes a title of a name', () => {
    expect(titleFromFilename('summer-trip_2024.jpg')).toBe('Summer Trip 2024');
    expect(titleFromFilename('README')).toBe('README');
    expect(titleFromFilename('.hidden')).toBe('Hidden');
  });
});

import { describe, expect, it } from 'vitest';
import { isTypeAllowed, sniffType } from './sniff-type.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe('sniffType', () => {
  it('recognises binary formats by their signature, whatever was declared', async () => {
    expect(await sniffType(PNG, 'text/plain')).toEqual({ type: 'image/png', extension: 'png', charset: null });
    expect((await sniffType(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'image/jpeg')).type).toBe('application/pdf');
  });

  it('calls markup what it is: SVG (with or without a prolog or comments), HTML and XML', async () => {
    expect((await sniffType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png')).type).toBe('image/svg+xml');
    expect((await sniffType(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- x -->\n<svg>'), undefined)).type).toBe('image/svg+xml');
    expect((await sniffType(Buffer.from('  <!DOCTYPE html><p>x'), 'text/plain')).type).toBe('text/html');
    expect((await sniffType(Buffer.from('<script>alert(1)</script>'), 'text/plain')).type).toBe('text/html');
    expect((await sniffType(Buffer.from('<?xml version="1.0"?><feed/>'), 'text/plain')).type).toBe('application/xml');
  });

  it('believes a declared plain text type for text, and says text/plain otherwise', async () => {
    expect(await sniffType(Buffer.from('a,b\n1,2'), 'text/csv; charset=utf-8')).toEqual({
      type: 'text/csv',
      extension: 'csv',
      charset: 'utf-8',
    });
    expect((await sniffType(Buffer.from('{"a":1}'), 'application/json')).type).toBe('application/json');
    expect((await sniffType(Buffer.from('hello'), 'application/x-sh')).type).toBe('text/plain');
    expect((await sniffType(Buffer.from('hello'), 'text/html')).type).toBe('text/plain');
    // A multi-byte character cut by the end of the head is still text.
    expect((await sniffType(Buffer.from('héllo').subarray(0, 2), undefined)).type).toBe('text/plain');
  });

  it('calls unknown binary bytes application/octet-stream', async () => {
    expect(await sniffType(Buffer.from([0, 1, 2, 3, 0xff]), 'image/png')).toEqual({
      type: 'application/octet-stream',
      extension: null,
      charset: null,
    });
    expect((await sniffType(Buffer.alloc(0), 'text/plain')).type).toBe('application/octet-stream');
  });
});

describe('isTypeAllowed', () => {
  it('matches */*, a group and an exact type', () => {
    expect(isTypeAllowed('image/png', ['*/*'])).toBe(true);
    expect(isTypeAllowed('image/png', ['image/*'])).toBe(true);
    expect(isTypeAllowed('application/pdf', ['image/*', 'application/pdf'])).toBe(true);
    expect(isTypeAllowed('text/html', ['image/*', 'text/plain'])).toBe(false);
  });
});

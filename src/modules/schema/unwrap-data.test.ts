import { describe, expect, it } from 'vitest';
import { unwrapData } from './unwrap-data.js';

describe('unwrapData', () => {
  it('takes the document out of {data}', () => {
    expect(unwrapData({ data: { version: 1 } })).toEqual({ version: 1 });
  });

  it('leaves bare documents, other shapes and non-objects as they are', () => {
    const bare = { hash: 'h', diff: {} };
    expect(unwrapData(bare)).toBe(bare);
    const two = { data: { a: 1 }, warnings: [] };
    expect(unwrapData(two)).toBe(two);
    const scalar = { data: 3 };
    expect(unwrapData(scalar)).toBe(scalar);
    const list = { data: [] };
    expect(unwrapData(list)).toBe(list);
    expect(unwrapData(null)).toBe(null);
    expect(unwrapData('x')).toBe('x');
  });
});

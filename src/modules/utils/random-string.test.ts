import { describe, expect, it } from 'vitest';
import { invalidPayload } from '../../kernel/errors/index.js';
import { randomString } from './random-string.js';

describe('randomString', () => {
  it('answers 32 URL-safe characters when no length is given', () => {
    expect(randomString(undefined)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(randomString('')).toHaveLength(32);
  });

  it('answers the requested length from 1 to 500, as a number or query text', () => {
    expect(randomString(1)).toHaveLength(1);
    expect(randomString('500')).toHaveLength(500);
    expect(randomString(['8', '12'])).toHaveLength(12);
    expect(randomString('16')).not.toBe(randomString('16'));
  });

  for (const length of ['0', '501', '-3', '2.5', 'abc', 1000, {}]) {
    it(`is INVALID_QUERY for length ${JSON.stringify(length)}`, () => {
      expect(() => randomString(length)).toThrow(expect.objectContaining({ code: 'INVALID_QUERY', status: 400 }));
    });
  }

  it('raises the error the caller names (GraphQL: INVALID_PAYLOAD)', () => {
    expect(() => randomString(0, invalidPayload)).toThrow(expect.objectContaining({ code: 'INVALID_PAYLOAD' }));
  });
});

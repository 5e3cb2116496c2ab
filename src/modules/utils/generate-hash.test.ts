import { describe, expect, it } from 'vitest';
import { generateHash, requiredString } from './generate-hash.js';

describe('generateHash', () => {
  it('answers an argon2id hash of the string', async () => {
    expect(await generateHash({ string: 'Hello World!' })).toMatch(/^\$argon2id\$/);
  });

  for (const input of [undefined, null, 'text', {}, { string: '' }, { string: null }, { string: 42 }, { string: ['a'] }]) {
    it(`is INVALID_PAYLOAD for ${JSON.stringify(input)}`, async () => {
      await expect(generateHash(input)).rejects.toMatchObject({ code: 'INVALID_PAYLOAD', status: 400 });
    });
  }
});

describe('requiredString', () => {
  it('names the missing key and the wrong type in the reason', () => {
    expect(() => requiredString({}, 'hash')).toThrow(
      expect.objectContaining({ extensions: expect.objectContaining({ reason: '"hash" is required' }) }),
    );
    expect(() => requiredString({ hash: 1 }, 'hash')).toThrow(
      expect.objectContaining({ extensions: expect.objectContaining({ reason: '"hash" must be a string' }) }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { generateHash, requiredString } from './generate-hash.js';

const CHEAP = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

describe('generateHash', () => {
  it('answers an argon2id hash of the string, with the parameters it is given', async () => {
    expect(await generateHash({ string: 'Hello World!' }, CHEAP)).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
  });

  for (const input of [undefined, null, 'text', {}, { string: '' }, { string: null }, { string: 42 }, { string: ['a'] }]) {
    it(`is INVALID_PAYLOAD for ${JSON.stringify(input)}`, async () => {
      await expect(generateHash(input, CHEAP)).rejects.toMatchObject({ code: 'INVALID_PAYLOAD', status: 400 });
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

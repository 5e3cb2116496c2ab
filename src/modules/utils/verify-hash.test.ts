import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../kernel/text/password-hash.js';
import { verifyHash } from './verify-hash.js';

describe('verifyHash', () => {
  it('is true for the string that was hashed and false for another', async () => {
    const hash = await hashPassword('Hello World!', { memoryCost: 1024, timeCost: 1, parallelism: 1 });
    expect(await verifyHash({ string: 'Hello World!', hash })).toBe(true);
    expect(await verifyHash({ string: 'Hello World?', hash })).toBe(false);
  });

  it('is INVALID_PAYLOAD when a field is missing or not a string', async () => {
    await expect(verifyHash({ hash: '$argon2id$x' })).rejects.toMatchObject({ code: 'INVALID_PAYLOAD' });
    await expect(verifyHash({ string: 'a' })).rejects.toMatchObject({ code: 'INVALID_PAYLOAD' });
    await expect(verifyHash({ string: 'a', hash: 5 })).rejects.toMatchObject({ code: 'INVALID_PAYLOAD' });
  });

  it('is INVALID_PAYLOAD when the hash is no argon2 hash', async () => {
    await expect(verifyHash({ string: 'a', hash: 'plain text' })).rejects.toMatchObject({
      code: 'INVALID_PAYLOAD',
      extensions: { reason: 'Invalid "hash" or "string"' },
    });
  });
});

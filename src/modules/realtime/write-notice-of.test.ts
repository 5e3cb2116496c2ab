import { describe, expect, it } from 'vitest';
import { writeNoticeOf } from './write-notice-of.js';

describe('writeNoticeOf', () => {
  it('takes a well-formed notice of another instance', () => {
    expect(writeNoticeOf({ collection: 'a', action: 'update', keys: [1, 'b'], from: 'x' })).toEqual({
      collection: 'a',
      action: 'update',
      keys: [1, 'b'],
    });
  });
  it.each([
    [{ collection: 1, action: 'create', keys: [] }],
    [{ collection: 'a', action: 'drop', keys: [] }],
    [{ collection: 'a', action: 'create', keys: 'k' }],
    [{ collection: 'a', action: 'create', keys: [{}] }],
  ])('ignores a malformed one: %j', (message) => {
    expect(writeNoticeOf(message)).toBeNull();
  });
});

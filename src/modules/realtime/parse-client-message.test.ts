import { describe, expect, it } from 'vitest';
import { isAppError } from '../../kernel/errors/index.js';
import { echoOf, parseClientMessage } from './parse-client-message.js';

const parse = (value: unknown, max = 1024) => parseClientMessage(typeof value === 'string' ? value : JSON.stringify(value), max);
const failure = (value: unknown, max = 1024) => {
  try {
    parse(value, max);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { code: error.code, echo: echoOf(error) };
  }
  throw new Error('parsed');
};

describe('parseClientMessage', () => {
  it('reads each message type, keeping the uid and dropping unknown fields', () => {
    expect(parse({ type: 'ping', uid: 'a', extra: 1 })).toEqual({ type: 'ping', uid: 'a' });
    expect(parse({ type: 'auth', access_token: 't' })).toEqual({ type: 'auth', access_token: 't' });
    expect(parse({ type: 'subscribe', collection: 'a', event: 'update', item: 3, query: { fields: ['id'] } })).toEqual({
      type: 'subscribe',
      collection: 'a',
      event: 'update',
      item: 3,
      query: { fields: ['id'] },
    });
    expect(parse({ type: 'items', collection: 'a', action: 'delete', ids: [1, 'x'] })).toEqual({
      type: 'items',
      collection: 'a',
      action: 'delete',
      ids: [1, 'x'],
    });
  });

  it.each([
    ['bad JSON', '{', 'error', undefined],
    ['a non-object', '[]', 'error', undefined],
    ['an unknown type', { type: 'x', uid: 1 }, 'x', 1],
    ['auth with two ways', { type: 'auth', access_token: 't', refresh_token: 'r' }, 'auth', undefined],
    ['auth with a password only', { type: 'auth', password: 'p' }, 'auth', undefined],
    ['auth with a numeric token', { type: 'auth', access_token: 5 }, 'auth', undefined],
    ['an empty collection', { type: 'subscribe', collection: '', uid: 'u' }, 'subscribe', 'u'],
    ['an item that is an object', { type: 'subscribe', collection: 'a', item: {} }, 'subscribe', undefined],
    ['an id that is a boolean', { type: 'items', collection: 'a', action: 'read', id: true }, 'items', undefined],
  ])('%s: INVALID_PAYLOAD, answered under the type and uid it gave', (_name, value, type, uid) => {
    expect(failure(value)).toEqual({ code: 'INVALID_PAYLOAD', echo: uid === undefined ? { type } : { type, uid } });
  });

  it('refuses a message over the size limit before parsing it, and one nested too deeply', () => {
    expect(failure({ type: 'ping', pad: 'x'.repeat(100) }, 50).code).toBe('INVALID_PAYLOAD');
    expect(failure(`${'['.repeat(2000)}${']'.repeat(2000)}`, 10_000).code).toBe('INVALID_PAYLOAD');
  });
});

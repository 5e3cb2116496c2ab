import { describe, expect, it } from 'vitest';
import { isAppError } from '../../kernel/errors/index.js';
import { validateMeta } from './validate-meta.js';

function reasonOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    if (!isAppError(error)) throw error;
    expect(error.code).toBe('INVALID_PAYLOAD');
    return String(error.extensions.reason);
  }
}

describe('validateMeta', () => {
  it('accepts a well-formed field meta', () => {
    expect(
      reasonOf(() =>
        validateMeta('service_fields', { special: ['cast-json'], hidden: true, sort: 3, options: { a: 1 }, note: null }, 'field "x"'),
      ),
    ).toBeNull();
  });

  it.each([
    { name: 'an unknown key', collection: 'service_fields', payload: { nope: 1 }, reason: /"nope" is not a property/ },
    { name: 'a boolean of the wrong kind', collection: 'service_fields', payload: { hidden: 'yes' }, reason: /must be a boolean/ },
    { name: 'a non-integer sort', collection: 'service_collections', payload: { sort: 'first' }, reason: /must be an integer/ },
    { name: 'null in a NOT NULL column', collection: 'service_collections', payload: { collapse: null }, reason: /can't be null/ },
    { name: 'a string over its length', collection: 'service_collections', payload: { icon: 'x'.repeat(65) }, reason: /at most 64/ },
    { name: 'special that is not a list', collection: 'service_fields', payload: { special: 5 }, reason: /array of strings/ },
  ] as const)('refuses $name', ({ collection, payload, reason }) => {
    expect(reasonOf(() => validateMeta(collection, payload, 'it'))).toMatch(reason);
  });
});

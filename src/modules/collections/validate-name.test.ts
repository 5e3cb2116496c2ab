import { describe, expect, it } from 'vitest';
import { isAppError } from '../../kernel/errors/index.js';
import { validateName } from './validate-name.js';

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

describe('validateName', () => {
  it.each(['articles', 'Articles_2', '_private', 'a'.repeat(64)])('accepts %s', (name) => {
    expect(validateName('collection', name)).toBe(name);
  });

  it.each([
    { name: 'a hostile name', value: 'x; drop table y', reason: /invalid/ },
    { name: 'a leading digit', value: '1abc', reason: /invalid/ },
    { name: 'a dash', value: 'my-table', reason: /invalid/ },
    { name: 'a quote', value: 'a"b', reason: /invalid/ },
    { name: 'too long', value: 'a'.repeat(65), reason: /at most 64/ },
    { name: 'the system prefix', value: 'service_things', reason: /reserved/ },
    { name: 'the system prefix in capitals', value: 'SERVICE_things', reason: /reserved/ },
    { name: 'an empty string', value: '', reason: /required/ },
    { name: 'a number', value: 12, reason: /required/ },
  ])('refuses $name', ({ value, reason }) => {
    expect(reasonOf(() => validateName('collection', value))).toMatch(reason);
  });

  it('allows the system prefix for fields', () => {
    expect(validateName('field', 'service_x')).toBe('service_x');
  });
});

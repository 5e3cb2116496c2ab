import { describe, expect, it } from 'vitest';
import { messageKeys, placeholders } from './message-keys.js';

describe('messageKeys', () => {
  it('finds the literals of t, msg and plural calls, in either quotes and across lines', () => {
    const source = [
      `t('Sign in'); t("Don't stop"); t(\n  'Long {name}',\n  { name },\n);`,
      `msg('Marked'); plural(items.length, '{count} item', '{count} items');`,
      `plural(count(x), "{count} row", '{count} rows', { a });`,
      `format('not a key'); at('nor this'); t(variable);`,
    ].join('\n');
    expect(messageKeys(source)).toEqual([
      'Sign in',
      "Don't stop",
      'Long {name}',
      'Marked',
      '{count} item',
      '{count} items',
      '{count} row',
      '{count} rows',
    ]);
  });

  it('unescapes quotes in keys', () => {
    expect(messageKeys(`t('It\\'s here')`)).toEqual(["It's here"]);
  });
});

describe('placeholders', () => {
  it('lists the names in braces, sorted', () => {
    expect(placeholders('{b} of {a}')).toEqual(['a', 'b']);
    expect(placeholders('none')).toEqual([]);
  });
});

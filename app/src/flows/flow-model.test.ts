import { describe, expect, it } from 'vitest';
import { buildChain, FieldProblem, newOperationKey, parseOptions, triggerOptions, triggerTexts, type Operation } from './flow-model.js';

const op = (id: string, resolve: string | null = null, reject: string | null = null): Operation => ({
  id,
  name: null,
  key: id,
  type: 'log',
  options: {},
  resolve,
  reject,
  flow: 'f',
  position_x: 0,
  position_y: 0,
});

describe('triggerTexts and triggerOptions', () => {
  it('turns an event trigger into texts and back, lists comma-separated', () => {
    const texts = triggerTexts('event', { type: 'filter', scope: ['items.create', 'items.update'], collections: ['notes'] });
    expect(texts).toEqual({ type: 'filter', scope: 'items.create, items.update', collections: 'notes', return: '' });
    expect(triggerOptions('event', texts)).toEqual({ type: 'filter', scope: ['items.create', 'items.update'], collections: ['notes'] });
  });

  it('reads a manual trigger with Directus defaults (a selection needed) and its form fields as JSON', () => {
    const texts = triggerTexts('manual', { collections: ['a'], fields: [{ field: 'x' }] });
    expect(texts).toMatchObject({ collections: 'a', requireSelection: 'true', requireConfirmation: 'false' });
    expect(triggerOptions('manual', texts)).toEqual({
      collections: ['a'],
      requireSelection: true,
      requireConfirmation: false,
      fields: [{ field: 'x' }],
      async: false,
    });
  });

  it('starts a choice on its first value, leaves empty texts out, drops other triggers options', () => {
    expect(triggerTexts('webhook', null)).toEqual({ method: 'GET', async: 'false', return: '' });
    expect(triggerOptions('schedule', { cron: ' 0 * * * * * ', method: 'POST' })).toEqual({ cron: '0 * * * * *' });
    expect(triggerOptions('operation', { return: '' })).toEqual({});
  });

  it('refuses bad JSON on its field', () => {
    expect(() => triggerOptions('manual', { collections: 'a', fields: '[{' })).toThrow(FieldProblem);
  });
});

describe('buildChain', () => {
  it('follows resolve and reject from the first operation and lists what it does not reach', () => {
    const { root, unconnected } = buildChain('a', [op('a', 'b', 'c'), op('b'), op('c'), op('d')]);
    expect(root?.operation.id).toBe('a');
    expect(root?.resolve?.operation.id).toBe('b');
    expect(root?.reject?.operation.id).toBe('c');
    expect(unconnected.map((o) => o.id)).toEqual(['d']);
  });

  it('does not follow a loop twice, and has no root without a first operation', () => {
    const { root } = buildChain('a', [op('a', 'b'), op('b', 'a')]);
    expect(root?.resolve?.resolve).toBeNull();
    expect(buildChain(null, [op('a')])).toEqual({ root: null, unconnected: [op('a')] });
  });
});

describe('newOperationKey and parseOptions', () => {
  it('makes a key from the type, unique in the flow', () => {
    expect(newOperationKey('item-update', [])).toBe('item_update');
    expect(newOperationKey('item-update', [op('x'), { ...op('y'), key: 'item_update' }])).toBe('item_update_2');
  });

  it('takes a JSON object, empty as {}, and refuses anything else on the options field', () => {
    expect(parseOptions('{"a": 1}')).toEqual({ a: 1 });
    expect(parseOptions(' ')).toEqual({});
    expect(() => parseOptions('[1]')).toThrow('Enter a JSON object.');
    expect(() => parseOptions('{')).toThrow('Enter valid JSON.');
  });
});

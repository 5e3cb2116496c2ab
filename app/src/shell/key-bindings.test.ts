import { describe, expect, it } from 'vitest';
import { isTyping, shortcutOf, type KeyPress } from './key-bindings.js';

const element = (tagName: string, extra: Record<string, unknown> = {}) =>
  ({ tagName: tagName.toUpperCase(), ...extra }) as unknown as EventTarget;
const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: element('body'),
  ...extra,
});

describe('shortcutOf', () => {
  it('saves on Ctrl+S and ⌘+S, also while typing, not with Alt', () => {
    expect(shortcutOf(press('s', { ctrlKey: true }))).toBe('save');
    expect(shortcutOf(press('S', { metaKey: true, target: element('input', { type: 'text' }) }))).toBe('save');
    expect(shortcutOf(press('s', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutOf(press('s'))).toBeNull();
  });

  it('goes to the search on / and opens the help on ?, only when not typing', () => {
    expect(shortcutOf(press('/'))).toBe('search');
    expect(shortcutOf(press('?'))).toBe('help');
    expect(shortcutOf(press('/', { target: element('input', { type: 'search' }) }))).toBeNull();
    expect(shortcutOf(press('?', { target: element('textarea') }))).toBeNull();
    expect(shortcutOf(press('?', { target: element('div', { isContentEditable: true }) }))).toBeNull();
    expect(shortcutOf(press('/', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(press('/', { target: element('input', { type: 'checkbox' }) }))).toBe('search');
    expect(shortcutOf(press('a'))).toBeNull();
  });
});

describe('isTyping', () => {
  it('knows text inputs, selects, text areas and editable elements', () => {
    expect(isTyping(element('input', { type: 'text' }))).toBe(true);
    expect(isTyping(element('select'))).toBe(true);
    expect(isTyping(element('button'))).toBe(false);
    expect(isTyping(element('input', { type: 'radio' }))).toBe(false);
    expect(isTyping(null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { applyMarkdown, shortcutAction } from './markdown-actions.js';

/** The edit as text with the selection marked by [ and ]. */
function marked(edit: { text: string; start: number; end: number }): string {
  return `${edit.text.slice(0, edit.start)}[${edit.text.slice(edit.start, edit.end)}]${edit.text.slice(edit.end)}`;
}

describe('applyMarkdown', () => {
  it('wraps the selection in inline marks and keeps it selected', () => {
    expect(marked(applyMarkdown('bold', 'say hello now', 4, 9))).toBe('say **[hello]** now');
    expect(marked(applyMarkdown('italic', 'say hello now', 4, 9))).toBe('say _[hello]_ now');
    expect(marked(applyMarkdown('code', 'run npm', 4, 7))).toBe('run `[npm]`');
  });

  it('inserts a selected placeholder when nothing is selected', () => {
    expect(marked(applyMarkdown('bold', 'ab', 1, 1))).toBe('a**[bold text]**b');
  });

  it('removes the marks around or inside the selection (a toggle)', () => {
    expect(marked(applyMarkdown('bold', 'say **hello** now', 6, 11))).toBe('say [hello] now');
    expect(marked(applyMarkdown('bold', 'say **hello** now', 4, 13))).toBe('say [hello] now');
  });

  it('fences a selection of several lines as a code block', () => {
    expect(marked(applyMarkdown('code', 'a\nb', 0, 3))).toBe('```\n[a\nb]\n```');
  });

  it('makes a link of the selection and selects the address to type', () => {
    expect(marked(applyMarkdown('link', 'see docs here', 4, 8))).toBe('see [docs]([https://]) here');
    expect(marked(applyMarkdown('link', '', 0, 0))).toBe('[link text]([https://])');
  });

  it('prefixes every selected line, or removes the prefix when all have it', () => {
    expect(applyMarkdown('list', 'one\ntwo\nthree', 0, 7).text).toBe('- one\n- two\nthree');
    expect(applyMarkdown('list', '- one\n- two', 0, 11).text).toBe('one\ntwo');
    expect(marked(applyMarkdown('heading', 'intro\nTitle', 8, 8))).toBe('intro\n## Ti[]tle');
    expect(marked(applyMarkdown('quote', '> cited', 2, 7))).toBe('[cited]');
  });
});

describe('shortcutAction', () => {
  it('answers bold for Ctrl+B and italic for Ctrl+I, nothing otherwise', () => {
    expect(shortcutAction('b', true, false)).toBe('bold');
    expect(shortcutAction('I', true, false)).toBe('italic');
    expect(shortcutAction('b', false, false)).toBeNull();
    expect(shortcutAction('b', true, true)).toBeNull();
    expect(shortcutAction('k', true, false)).toBeNull();
  });
});

import { msg, t } from '../i18n/t.js';

/**
 * The markdown editor's toolbar actions on a textarea's text and selection (pure): inline marks wrap the
 * selection (or remove the marks around it), line marks prefix every selected line (or remove the prefix), a
 * link wraps the selection as its text and selects the address to type.
 */

export type MarkdownAction = 'bold' | 'italic' | 'heading' | 'link' | 'list' | 'code' | 'quote';

/** A text and the selection to set in it. */
export type TextEdit = { text: string; start: number; end: number };

const INLINE: Partial<Record<MarkdownAction, { mark: string; placeholder: string }>> = {
  bold: { mark: '**', placeholder: msg('bold text') },
  italic: { mark: '_', placeholder: msg('italic text') },
  code: { mark: '`', placeholder: msg('code') },
};

const LINE_PREFIX: Partial<Record<MarkdownAction, string>> = { heading: '## ', list: '- ', quote: '> ' };

const LINK_ADDRESS = 'https://';

/** The edit an action makes to `text` with the selection `start`–`end`. */
export function applyMarkdown(action: MarkdownAction, text: string, start: number, end: number): TextEdit {
  const prefix = LINE_PREFIX[action];
  if (prefix) return prefixLines(text, start, end, prefix);
  const selected = text.slice(start, end);
  if (action === 'code' && selected.includes('\n')) return fence(text, start, end);
  if (action === 'link') {
    const label = selected || t('link text');
    const before = `${text.slice(0, start)}[${label}](`;
    return { text: `${before}${LINK_ADDRESS})${text.slice(end)}`, start: before.length, end: before.length + LINK_ADDRESS.length };
  }
  const inline = INLINE[action]!;
  return wrapInline(text, start, end, inline.mark, t(inline.placeholder));
}

function wrapInline(text: string, start: number, end: number, mark: string, placeholder: string): TextEdit {
  const n = mark.length;
  if (start >= n && text.slice(start - n, start) === mark && text.slice(end, end + n) === mark) {
    return { text: text.slice(0, start - n) + text.slice(start, end) + text.slice(end + n), start: start - n, end: end - n };
  }
  const selected = text.slice(start, end);
  if (selected.length > 2 * n && selected.startsWith(mark) && selected.endsWith(mark)) {
    const inner = selected.slice(n, -n);
    return { text: text.slice(0, start) + inner + text.slice(end), start, end: start + inner.length };
  }
  const inner = selected || placeholder;
  return { text: `${text.slice(0, start)}${mark}${inner}${mark}${text.slice(end)}`, start: start + n, end: start + n + inner.length };
}

function fence(text: string, start: number, end: number): TextEdit {
  const open = '```\n';
  const body = text.slice(start, end).replace(/\n$/, '');
  const block = `${open}${body}\n\`\`\``;
  return { text: text.slice(0, start) + block + text.slice(end), start: start + open.length, end: start + open.length + body.length };
}

function prefixLines(text: string, start: number, end: number, prefix: string): TextEdit {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', Math.max(end - (end > start && text[end - 1] === '\n' ? 1 : 0), start));
  const to = newline === -1 ? text.length : newline;
  const lines = text.slice(from, to).split('\n');
  const every = lines.every((line) => line.startsWith(prefix));
  const changed = lines.map((line) => (every ? line.slice(prefix.length) : prefix + line)).join('\n');
  const result = text.slice(0, from) + changed + text.slice(to);
  if (lines.length === 1) {
    const shift = every ? -prefix.length : prefix.length;
    return { text: result, start: Math.max(from, start + shift), end: Math.max(from, end + shift) };
  }
  return { text: result, start: from, end: from + changed.length };
}

/** The action of a keyboard shortcut in the textarea (Ctrl or ⌘ with B or I), if any. */
export function shortcutAction(key: string, ctrlOrMeta: boolean, shiftOrAlt: boolean): MarkdownAction | null {
  if (!ctrlOrMeta || shiftOrAlt) return null;
  const lower = key.toLowerCase();
  return lower === 'b' ? 'bold' : lower === 'i' ? 'italic' : null;
}

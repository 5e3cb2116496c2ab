import type { Editor } from '@tiptap/core';
import type { ToolbarButton } from './editor-toolbar.js';
import { t } from '../i18n/t.js';

/** The WYSIWYG editor's buttons for its current selection: marks and blocks with their state, link and image, undo and redo. */
export function htmlToolbar(editor: Editor, open: { link(): void; image(): void }): ToolbarButton[] {
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => command(editor.chain().focus()).run();
  return [
    { text: t('Bold'), pressed: editor.isActive('bold'), run: run((c) => c.toggleBold()) },
    { text: t('Italic'), pressed: editor.isActive('italic'), run: run((c) => c.toggleItalic()) },
    { text: t('Heading 2'), pressed: editor.isActive('heading', { level: 2 }), run: run((c) => c.toggleHeading({ level: 2 })) },
    { text: t('Heading 3'), pressed: editor.isActive('heading', { level: 3 }), run: run((c) => c.toggleHeading({ level: 3 })) },
    { text: t('Bulleted list'), pressed: editor.isActive('bulletList'), run: run((c) => c.toggleBulletList()) },
    { text: t('Numbered list'), pressed: editor.isActive('orderedList'), run: run((c) => c.toggleOrderedList()) },
    { text: t('Link'), pressed: editor.isActive('link'), run: open.link },
    { text: t('Image'), run: open.image },
    { text: t('Quote'), pressed: editor.isActive('blockquote'), run: run((c) => c.toggleBlockquote()) },
    { text: t('Code'), pressed: editor.isActive('code'), run: run((c) => c.toggleCode()) },
    { text: t('Undo'), disabled: !editor.can().undo(), run: run((c) => c.undo()) },
    { text: t('Redo'), disabled: !editor.can().redo(), run: run((c) => c.redo()) },
  ];
}

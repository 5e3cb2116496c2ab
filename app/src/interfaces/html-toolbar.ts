import type { Editor } from '@tiptap/core';
import type { ToolbarButton } from './editor-toolbar.js';

/** The WYSIWYG editor's buttons for its current selection: marks and blocks with their state, then undo and redo. */
export function htmlToolbar(editor: Editor, openLink: () => void): ToolbarButton[] {
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => command(editor.chain().focus()).run();
  return [
    { text: 'Bold', pressed: editor.isActive('bold'), run: run((c) => c.toggleBold()) },
    { text: 'Italic', pressed: editor.isActive('italic'), run: run((c) => c.toggleItalic()) },
    { text: 'Heading 2', pressed: editor.isActive('heading', { level: 2 }), run: run((c) => c.toggleHeading({ level: 2 })) },
    { text: 'Heading 3', pressed: editor.isActive('heading', { level: 3 }), run: run((c) => c.toggleHeading({ level: 3 })) },
    { text: 'Bulleted list', pressed: editor.isActive('bulletList'), run: run((c) => c.toggleBulletList()) },
    { text: 'Numbered list', pressed: editor.isActive('orderedList'), run: run((c) => c.toggleOrderedList()) },
    { text: 'Link', pressed: editor.isActive('link'), run: openLink },
    { text: 'Quote', pressed: editor.isActive('blockquote'), run: run((c) => c.toggleBlockquote()) },
    { text: 'Code', pressed: editor.isActive('code'), run: run((c) => c.toggleCode()) },
    { text: 'Undo', disabled: !editor.can().undo(), run: run((c) => c.undo()) },
    { text: 'Redo', disabled: !editor.can().redo(), run: run((c) => c.redo()) },
  ];
}

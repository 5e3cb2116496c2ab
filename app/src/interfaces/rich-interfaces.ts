import type { FormField } from '../content/form-fields.js';
import type { InterfaceLoader } from './lazy-interface.js';

/**
 * The rich editors by Directus's interface id (issue 31): markdown with a preview, WYSIWYG HTML (TipTap) and code
 * (CodeMirror). Each is its own chunk, fetched (by `LazyInterface`) when a form first has such a field.
 */
export const RICH_INTERFACES: Record<string, InterfaceLoader> = {
  'input-rich-text-md': () => import('./markdown-editor.js').then((m) => m.MarkdownEditor),
  'input-rich-text-html': () => import('./html-editor.js').then((m) => m.HtmlEditor),
  'input-code': () => import('./code-editor.js').then((m) => m.CodeEditor),
};

/** The loader of a field's rich editor by its interface, or null (a relational field keeps its picker or list). */
export function richInterface(field: FormField): InterfaceLoader | null {
  if (!field.interface || field.relation) return null;
  return Object.hasOwn(RICH_INTERFACES, field.interface) ? RICH_INTERFACES[field.interface]! : null;
}

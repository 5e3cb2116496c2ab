import type { ComponentType } from 'preact';
import type { FormField } from '../content/form-fields.js';
import type { InterfaceProps } from './interface-props.js';
import { lazyInterface } from './lazy-interface.js';

/**
 * The rich editors by Directus's interface id (issue 31): markdown with a preview, WYSIWYG HTML (TipTap) and code
 * (CodeMirror). Each is its own chunk, fetched when a form first has such a field.
 */
export const RICH_INTERFACES: Record<string, ComponentType<InterfaceProps>> = {
  'input-rich-text-md': lazyInterface(() => import('./markdown-editor.js').then((m) => m.MarkdownEditor)),
  'input-rich-text-html': lazyInterface(() => import('./html-editor.js').then((m) => m.HtmlEditor)),
  'input-code': lazyInterface(() => import('./code-editor.js').then((m) => m.CodeEditor)),
};

/** The rich editor of a field by its interface, or null (a relational field keeps its picker or list). */
export function richInterface(field: FormField): ComponentType<InterfaceProps> | null {
  if (!field.interface || field.relation) return null;
  return Object.hasOwn(RICH_INTERFACES, field.interface) ? RICH_INTERFACES[field.interface]! : null;
}

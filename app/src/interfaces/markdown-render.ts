import { Marked } from 'marked';
import { sanitizeHtml } from './sanitize-html.js';

const markdown = new Marked({ gfm: true, async: false });

/** Markdown as HTML for the preview, cleaned by DOMPurify: raw HTML in the text cannot run script. */
export function renderMarkdown(text: string): string {
  return sanitizeHtml(markdown.parse(text, { async: false }));
}

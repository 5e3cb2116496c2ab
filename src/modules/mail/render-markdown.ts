import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** What HTML of a mail body may keep: text markup, lists, tables, links and images over http(s) and mailto. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'width', 'height'], '*': ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** HTML cleaned for a mail body: no scripts, styles, event handlers, forms or `javascript:` links. */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED);
}

/** The text of HTML (every tag dropped, script and style contents with them), for a mail's plain-text part. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A markdown renderer (GitHub-flavoured, marked) whose HTML is sanitised: markdown may carry raw HTML. */
export function createMarkdownRenderer(): (markdown: string) => string {
  const marked = new Marked({ gfm: true });
  return (markdown) => sanitizeMailHtml(marked.parse(markdown, { async: false }));
}

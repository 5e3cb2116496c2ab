import type { IOptions } from 'sanitize-html';

/** What HTML of a mail body may keep: text markup, lists, tables, links and images over http(s) and mailto. */
const allowed = (sanitizeHtml: typeof import('sanitize-html')): IOptions => ({
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'width', 'height'], '*': ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
});

type HtmlTools = { sanitize(html: string): string; marked: typeof import('marked').Marked };

/**
 * sanitize-html (with postcss and htmlparser2) and marked, imported at their first use: only flows that send mail
 * need them, and loading them at start cost every instance megabytes of memory. The memo is the imported
 * modules', not state of the app.
 */
let tools: Promise<HtmlTools> | undefined;
const htmlTools = (): Promise<HtmlTools> =>
  (tools ??= Promise.all([import('sanitize-html'), import('marked')]).then(([sanitizeModule, markedModule]) => {
    const sanitizeHtml = sanitizeModule.default;
    const options = allowed(sanitizeHtml);
    return { sanitize: (html) => sanitizeHtml(html, options), marked: markedModule.Marked };
  }));

/** HTML cleaned for a mail body: no scripts, styles, event handlers, forms or `javascript:` links. */
export async function sanitizeMailHtml(html: string): Promise<string> {
  return (await htmlTools()).sanitize(html);
}

/** The text of HTML (every tag dropped, script and style contents with them), for a mail's plain-text part. */
export async function htmlToText(html: string): Promise<string> {
  const sanitizeHtml = (await import('sanitize-html')).default;
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
export function createMarkdownRenderer(): (markdown: string) => Promise<string> {
  let marked: InstanceType<HtmlTools['marked']> | undefined;
  return async (markdown) => {
    const { sanitize, marked: Marked } = await htmlTools();
    marked ??= new Marked({ gfm: true });
    return sanitize(marked.parse(markdown, { async: false }) as string);
  };
}

import { sanitizeHtml } from './sanitize-html.js';

/**
 * The app's one place that puts HTML into the page (the markdown preview): whatever it is given is cleaned by
 * DOMPurify right here (sanitize-html.ts), so no caller can hand it anything raw. tests/security checks that no
 * other file of app/src has a raw-HTML sink.
 */
export function SanitizedHtml({ html, class: className }: { html: string; class?: string }) {
  return <div class={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}

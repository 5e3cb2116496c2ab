/**
 * How stored HTML (a WYSIWYG field's value, a markdown field's rendered preview) is cleaned before it reaches the
 * DOM or the API, as DOMPurify's configuration (pure, unit-tested; sanitize-html.ts applies it). DOMPurify's
 * defaults already drop `<script>`, `on*=` handlers and `javascript:` addresses; on top of them:
 * - no `style` attributes or `<style>` elements: the app's Content-Security-Policy refuses inline styles anyway,
 *   and each refusal is an error in the console;
 * - no forms or their controls, no frames, objects or embeds: a field's content is text, not a page;
 * - addresses only http(s), mailto, tel, or relative (no `data:`, `vbscript:` or any other scheme);
 * - an image keeps only `src` and `alt`, and its `src` only when it is a file of the library (`/assets/<id>`) or a
 *   web address (the WYSIWYG editor's Image button stores `<img src="/assets/<id>" alt="…">`); the `alt` is added
 *   empty when missing (a decorative image).
 */

/** The addresses a link or image may have: http(s), mailto and tel, or a relative address (no scheme). */
export const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

export const SANITIZE_CONFIG = {
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'object',
    'embed',
    'base',
    'meta',
    'link',
  ],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction'],
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
} as const;

/** The attributes an image keeps. */
export const IMAGE_ATTRIBUTES: readonly string[] = ['src', 'alt'];

/** The addresses an image may show: a file of the library (`/assets/<id>`, nothing after it) or a web address. */
const IMAGE_SOURCE = /^(?:\/assets\/[A-Za-z0-9-]+|https?:\/\/[^\s"'<>]+)$/i;

/** Whether an image's `src` is kept (see IMAGE_SOURCE). */
export function isAllowedImageSource(src: string): boolean {
  return IMAGE_SOURCE.test(src.trim());
}

/** Whether an address is allowed in cleaned HTML (the same rule DOMPurify applies, for links typed in the editor). */
export function isAllowedAddress(address: string): boolean {
  // DOMPurify tests the address with its white space and control characters removed.
  return ALLOWED_URI.test(address.replace(/[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g, ''));
}

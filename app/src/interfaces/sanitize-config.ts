/**
 * How stored HTML (a WYSIWYG field's value, a markdown field's rendered preview) is cleaned before it reaches the
 * DOM or the API, as DOMPurify's configuration (pure, unit-tested; sanitize-html.ts applies it). DOMPurify's
 * defaults already drop `<script>`, `on*=` handlers and `javascript:` addresses; on top of them:
 * - no `style` attributes or `<style>` elements: the app's Content-Security-Policy refuses inline styles anyway,
 *   and each refusal is an error in the console;
 * - no forms or their controls, no frames, objects or embeds: a field's content is text, not a page;
 * - addresses only http(s), mailto, tel, or relative (no `data:`, `vbscript:` or any other scheme).
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

/** Whether an address is allowed in cleaned HTML (the same rule DOMPurify applies, for links typed in the editor). */
export function isAllowedAddress(address: string): boolean {
  // DOMPurify tests the address with its white space and control characters removed.
  return ALLOWED_URI.test(address.replace(/[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g, ''));
}

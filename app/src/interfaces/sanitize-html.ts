import DOMPurify from 'dompurify';
import { IMAGE_ATTRIBUTES, isAllowedImageSource, SANITIZE_CONFIG } from './sanitize-config.js';

// An image keeps only its `src` (a library file or a web address) and `alt` (sanitize-config.ts).
DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
  if (node.tagName !== 'IMG') return;
  if (!IMAGE_ATTRIBUTES.includes(data.attrName) || (data.attrName === 'src' && !isAllowedImageSource(data.attrValue)))
    data.keepAttr = false;
});

// An image the text gives no description is taken as decorative (`alt=""`), so the preview stays accessible.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
});

/** `html` cleaned by DOMPurify with the app's configuration (sanitize-config.ts): safe to put into the DOM. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ...SANITIZE_CONFIG,
    FORBID_TAGS: [...SANITIZE_CONFIG.FORBID_TAGS],
    FORBID_ATTR: [...SANITIZE_CONFIG.FORBID_ATTR],
  });
}

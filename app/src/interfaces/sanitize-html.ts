import DOMPurify from 'dompurify';
import { SANITIZE_CONFIG } from './sanitize-config.js';

/** `html` cleaned by DOMPurify with the app's configuration (sanitize-config.ts): safe to put into the DOM. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ...SANITIZE_CONFIG,
    FORBID_TAGS: [...SANITIZE_CONFIG.FORBID_TAGS],
    FORBID_ATTR: [...SANITIZE_CONFIG.FORBID_ATTR],
  });
}

export { escapeHtml } from './escape-html.js';
export { isPlainObject } from './is-plain-object.js';
export { isUuid } from './is-uuid.js';

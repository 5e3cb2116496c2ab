export { isPlainObject } from './is-plain-object.js';
export { isUuid } from './is-uuid.js';

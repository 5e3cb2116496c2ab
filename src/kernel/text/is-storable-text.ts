const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether every vendor can store and compare this text: no NUL character (PostgreSQL refuses it) and no
 * lone surrogate (MySQL/MariaDB refuse it; the others silently replace it).
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

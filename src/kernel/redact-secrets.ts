/** Query parameters whose values are credentials (compared after percent-decoding, as the query parser does). */
const SECRET_PARAMS = new Set(['access_token', 'refresh_token', 'token', 'password', 'otp', 'secret']);
const CENSOR = '[Redacted]';
/** Keys whose values are secrets wherever they appear in a logged object (compared in lower case). */
const SECRET_KEYS = new Set([
  'password',
  'new_password',
  'token',
  'access_token',
  'refresh_token',
  'otp',
  'secret',
  'tfa_secret',
  'client_secret',
  'authorization',
  'cookie',
  'set-cookie',
]);
/** How deep redactSecretKeys looks: the logged object, and three levels of plain objects and arrays below it. */
const KEY_DEPTH = 4;

/**
 * A URL (or path with a query string) with the values of credential parameters (`access_token`, `token` …)
 * replaced by `[Redacted]`; everything else is kept as it was sent.
 */
export function redactSecretsInUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const hash = url.indexOf('#', question);
  const query = url.slice(question + 1, hash === -1 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_PARAMS.has(paramName(name)) ? `${name}=${CENSOR}` : pair;
    })
    .join('&');
  return `${url.slice(0, question + 1)}${redacted}${hash === -1 ? '' : url.slice(hash)}`;
}

/** Free text (a log message, an error's message or stack) with `access_token=…`-style values and Bearer tokens redacted. */
export function redactSecretsInText(text: string): string {
  if (!/token|bearer|password|secret|otp/i.test(text)) return text;
  return text
    .replace(/((?:access_token|refresh_token|token|password|otp|secret)(?:%3D|=))[^&\s"'#]+/gi, `$1${CENSOR}`)
    .replace(/(bearer\s+)[\w.~+/=-]+/gi, `$1${CENSOR}`);
}

function paramName(raw: string): string {
  let name = raw;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // a malformed escape: compare as sent
  }
  // qs reads `access_token[]` and `access_token[x]` as the same parameter.
  const bracket = name.indexOf('[');
  return (bracket === -1 ? name : name.slice(0, bracket)).trim().toLowerCase();
}

/**
 * A logged object with the values of secret keys (`password`, `token`, `authorization`, `cookie` …) replaced by
 * `[Redacted]`, in plain objects and arrays up to four levels deep. Other objects (requests, errors, buffers) are
 * left to their serializers. Returns the same object when there is nothing to redact, else a copy: the caller's
 * object is never changed.
 */
export function redactSecretKeys<T>(value: T, depth = KEY_DEPTH): T {
  if (depth === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, i) => {
      const redacted = redactSecretKeys(item, depth - 1);
      if (redacted !== item) (copy ??= [...value])[i] = redacted;
    });
    return (copy ?? value) as T;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const redacted =
      SECRET_KEYS.has(key.toLowerCase()) && inner !== undefined && inner !== null ? CENSOR : redactSecretKeys(inner, depth - 1);
    if (redacted !== inner) (copy ??= { ...(value as Record<string, unknown>) })[key] = redacted;
  }
  return (copy ?? value) as T;
}

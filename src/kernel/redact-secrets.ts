/** Query parameters whose values are credentials (compared after percent-decoding, as the query parser does). */
const SECRET_PARAMS = new Set(['access_token', 'refresh_token', 'token', 'password', 'otp', 'secret']);
const CENSOR = '[Redacted]';

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

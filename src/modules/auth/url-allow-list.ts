/** An absolute http(s) URL, or null (other schemes, relative and unparsable text). */
export function parseWebUrl(value: string): URL | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

/**
 * Whether `url` is on an allow list: an absolute http(s) URL, without credentials, that is listed exactly, or
 * that has the origin (scheme, host, port) and path of a listed URL (its query may differ). Comparing parsed
 * origins refuses look-alikes such as `https://app.example.com.evil.io`, `https://app.example.com@evil.io` or
 * another path; an empty list allows nothing. Used for reset links and for sign-in redirects.
 */
export function isUrlAllowed(url: string, allowList: readonly string[]): boolean {
  const target = parseWebUrl(url);
  if (!target || target.username !== '' || target.password !== '') return false;
  return allowList.some((entry) => {
    if (entry === url) return true;
    const allowed = parseWebUrl(entry);
    return allowed !== null && allowed.origin === target.origin && allowed.pathname === target.pathname;
  });
}

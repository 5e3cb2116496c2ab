import { invalidPayload } from '../../kernel/errors/index.js';

const MAX_URL_LENGTH = 2048;

function parseWebUrl(value: string): URL | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

/**
 * Whether `url` may receive reset tokens: an absolute http(s) URL, without credentials, that is listed in
 * PASSWORD_RESET_URL_ALLOW_LIST exactly, or that has the origin (scheme, host, port) and path of a listed URL
 * (its query may differ). Comparing parsed origins refuses look-alikes such as `https://app.example.com.evil.io`,
 * `https://app.example.com@evil.io` or another path; an empty list allows nothing.
 */
export function isResetUrlAllowed(url: string, allowList: readonly string[]): boolean {
  const target = parseWebUrl(url);
  if (!target || target.username !== '' || target.password !== '') return false;
  return allowList.some((entry) => {
    if (entry === url) return true;
    const allowed = parseWebUrl(entry);
    return allowed !== null && allowed.origin === target.origin && allowed.pathname === target.pathname;
  });
}

/** Throws 400 INVALID_PAYLOAD unless `url` passes the allow list. */
export function assertResetUrl(url: string, allowList: readonly string[]): void {
  if (url.length <= MAX_URL_LENGTH && isResetUrlAllowed(url, allowList)) return;
  const shown = url.length > 200 ? `${url.slice(0, 200)}…` : url;
  throw invalidPayload(`URL "${shown}" can't be used to reset passwords`);
}

/**
 * The link of a reset e-mail: the allowed `reset_url` with `token` added to its query (other parameters
 * kept), or the admin app's page `<PUBLIC_URL>/admin/reset-password?token=…`.
 */
export function buildResetLink(publicUrl: string, resetUrl: string | null, token: string): string {
  if (resetUrl !== null) {
    const url = new URL(resetUrl);
    url.searchParams.set('token', token);
    return url.toString();
  }
  const base = publicUrl.replace(/\/+$/, '');
  const page = `${base}/admin/reset-password`;
  if (URL.canParse(page)) {
    const url = new URL(page);
    url.searchParams.set('token', token);
    return url.toString();
  }
  return `${page}?token=${encodeURIComponent(token)}`;
}

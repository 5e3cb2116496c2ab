import { invalidPayload } from '../../../kernel/errors/index.js';
import { isUrlAllowed, parseWebUrl } from '../url-allow-list.js';

const MAX_URL_LENGTH = 2048;

/**
 * Where a sign-in may send the browser afterwards, as the absolute URL to put in `Location`, or null when it may
 * not. Allowed: a path on this server (`/admin/content`, resolved against PUBLIC_URL), any URL on the origin of
 * PUBLIC_URL, and the URLs of the provider's REDIRECT_ALLOW_LIST (exact, or same origin and path). Every
 * candidate is parsed and compared by origin, so `//evil.com`, `/\evil.com`, `https://good.example.evil.com`,
 * `https://good.example@evil.com` and `javascript:` are refused. URLs with credentials are refused.
 */
export function resolveLoginRedirect(redirect: string, allowList: readonly string[], publicUrl: string): string | null {
  if (redirect.length > MAX_URL_LENGTH) return null;
  const base = parseWebUrl(publicUrl);
  if (!base) return null;
  const relative = redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\');
  if (!relative && !parseWebUrl(redirect)) return null;
  if (!URL.canParse(redirect, base.href)) return null;
  const target = new URL(redirect, base);
  if (target.username !== '' || target.password !== '') return null;
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  if (target.origin === base.origin) return target.href;
  return !relative && isUrlAllowed(redirect, allowList) ? target.href : null;
}

/** As resolveLoginRedirect, but a refusal is 400 INVALID_PAYLOAD (Directus's message). */
export function assertLoginRedirect(redirect: string, allowList: readonly string[], publicUrl: string): string {
  const resolved = resolveLoginRedirect(redirect, allowList, publicUrl);
  if (resolved !== null) return resolved;
  const shown = redirect.length > 200 ? `${redirect.slice(0, 200)}…` : redirect;
  throw invalidPayload(`URL "${shown}" can't be used to redirect after login`);
}

/** The redirect with `reason=<code>` in place of its query, for a sign-in that failed (Directus). */
export function failureRedirect(redirect: string, code: string): string {
  const url = new URL(redirect);
  url.search = '';
  url.hash = '';
  url.searchParams.set('reason', code);
  return url.href;
}

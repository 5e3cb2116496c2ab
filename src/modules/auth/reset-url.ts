import { invalidPayload } from '../../kernel/errors/index.js';
import { isUrlAllowed } from './url-allow-list.js';

const MAX_URL_LENGTH = 2048;

/** Whether `url` may receive reset tokens: see isUrlAllowed (PASSWORD_RESET_URL_ALLOW_LIST). */
export const isResetUrlAllowed = isUrlAllowed;

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

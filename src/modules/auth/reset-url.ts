import { invalidPayload } from '../../kernel/errors/index.js';
import { isUrlAllowed } from './url-allow-list.js';

const MAX_URL_LENGTH = 2048;

/** Whether `url` may receive reset tokens: see isUrlAllowed (PASSWORD_RESET_URL_ALLOW_LIST). */
export const isResetUrlAllowed = isUrlAllowed;

/**
 * Throws 400 INVALID_PAYLOAD unless `url` passes the allow list; `purpose` ends the message (Directus's words:
 * `URL "…" can't be used to reset passwords`, `… to invite users`, `… to verify registered users`).
 */
export function assertLinkUrl(url: string, allowList: readonly string[], purpose: string): void {
  if (url.length <= MAX_URL_LENGTH && isUrlAllowed(url, allowList)) return;
  const shown = url.length > 200 ? `${url.slice(0, 200)}…` : url;
  throw invalidPayload(`URL "${shown}" can't be used to ${purpose}`);
}

/** Throws 400 INVALID_PAYLOAD unless `url` passes the allow list (PASSWORD_RESET_URL_ALLOW_LIST). */
export function assertResetUrl(url: string, allowList: readonly string[]): void {
  assertLinkUrl(url, allowList, 'reset passwords');
}

/**
 * The link of a mail that carries a token: the allowed `url` with `token` added to its query (other parameters
 * kept), or the server's own `page` under PUBLIC_URL (`<PUBLIC_URL>/admin/reset-password?token=…`).
 */
export function buildTokenLink(publicUrl: string, url: string | null, page: string, token: string): string {
  if (url !== null) {
    const link = new URL(url);
    link.searchParams.set('token', token);
    return link.toString();
  }
  const target = `${publicUrl.replace(/\/+$/, '')}${page}`;
  if (URL.canParse(target)) {
    const link = new URL(target);
    link.searchParams.set('token', token);
    return link.toString();
  }
  return `${target}?token=${encodeURIComponent(token)}`;
}

/**
 * The link of a reset e-mail: the allowed `reset_url` with `token` added to its query (other parameters
 * kept), or the admin app's page `<PUBLIC_URL>/admin/reset-password?token=…`.
 */
export function buildResetLink(publicUrl: string, resetUrl: string | null, token: string): string {
  return buildTokenLink(publicUrl, resetUrl, '/admin/reset-password', token);
}

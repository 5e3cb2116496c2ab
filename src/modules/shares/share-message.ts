import { escapeHtml } from '../../kernel/values/index.js';
import type { MailMessage } from '../mail/index.js';

/** The address of a share's public page in the admin app (absolute when PUBLIC_URL is). */
export function sharePageLink(publicUrl: string, shareId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/admin/shared/${encodeURIComponent(shareId)}`;
}

/** The invitation to a share: who shared it (escaped in the HTML part: a name is user input) and its link. */
export function shareInviteMessage(input: { to: string; link: string; sharedBy: string | null; name: string | null }): MailMessage {
  const who = input.sharedBy ?? 'Someone';
  const what = input.name ? `"${input.name}"` : 'an item';
  const subject = `${who} shared ${what} with you`;
  const text = [`${who} shared ${what} with you.`, '', `Open it: ${input.link}`, ''].join('\n');
  const html = `<!doctype html>
<html>
  <body style="font-family: sans-serif; line-height: 1.5; color: #1f2933; max-width: 36em; margin: 2em auto;">
    <h1 style="font-size: 1.3em;">${escapeHtml(subject)}</h1>
    <p><a href="${escapeHtml(input.link)}">Open it</a></p>
    <p style="color: #52606d; word-break: break-all;">${escapeHtml(input.link)}</p>
  </body>
</html>
`;
  return { to: input.to, subject, text, html };
}

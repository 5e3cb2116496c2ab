import { escapeHtml } from '../../kernel/values/index.js';
import type { MailMessage } from '../mail/index.js';

export type NotificationMail = {
  to: string;
  subject: string;
  message: string | null;
  collection: string | null;
  item: string | null;
  publicUrl: string;
};

/** The address of an item's page in the admin app (absolute when PUBLIC_URL is). */
export function itemPageLink(publicUrl: string, collection: string, item: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/admin/content/${encodeURIComponent(collection)}/${encodeURIComponent(item)}`;
}

/**
 * The e-mail of a notification: its subject, its message as plain text, and an HTML part where the message is
 * escaped text (never markup: a message is user input), with a link to the item it is about.
 */
export function notificationMessage(input: NotificationMail): MailMessage {
  const link = input.collection && input.item ? itemPageLink(input.publicUrl, input.collection, input.item) : null;
  const body = input.message ?? '';
  const text = [body, ...(link ? ['', `Open it: ${link}`] : []), ''].join('\n');
  const paragraphs = body
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => `    <p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  const html = `<!doctype html>
<html>
  <body style="font-family: sans-serif; line-height: 1.5; color: #1f2933; max-width: 36em; margin: 2em auto;">
    <h1 style="font-size: 1.3em;">${escapeHtml(input.subject)}</h1>
${paragraphs.join('\n')}
${link ? `    <p><a href="${escapeHtml(link)}">Open it</a></p>\n` : ''}  </body>
</html>
`;
  return { to: input.to, subject: input.subject, text, html };
}

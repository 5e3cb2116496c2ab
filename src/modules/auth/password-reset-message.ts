import { escapeHtml } from '../../kernel/text/escape-html.js';
import type { MailMessage } from '../mail/index.js';

/** The reset e-mail: a plain text part anyone can read, and a simple HTML part with the same words. */
export function passwordResetMessage(input: { to: string; link: string; site: string }): MailMessage {
  const { to, link, site } = input;
  const text = [
    'Hello,',
    '',
    `someone asked to reset the password of the account ${to} on ${site}.`,
    'To choose a new password, open this link within 24 hours:',
    '',
    link,
    '',
    'The link works once. If you did not ask for a new password, ignore this message: your password stays as it is.',
    '',
  ].join('\n');
  const html = `<!doctype html>
<html>
  <body style="font-family: sans-serif; line-height: 1.5; color: #1f2933; max-width: 36em; margin: 2em auto;">
    <h1 style="font-size: 1.3em;">Reset your password</h1>
    <p>Someone asked to reset the password of the account <strong>${escapeHtml(to)}</strong> on ${escapeHtml(site)}.</p>
    <p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 0.6em 1.2em; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 4px;">Choose a new password</a></p>
    <p>The link works once and expires in 24 hours. If the button does not work, copy this address into your browser:<br><span style="word-break: break-all;">${escapeHtml(link)}</span></p>
    <p style="color: #52606d;">If you did not ask for a new password, ignore this message: your password stays as it is.</p>
  </body>
</html>
`;
  return { to, subject: 'Reset your password', text, html };
}

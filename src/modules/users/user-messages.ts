import { escapeHtml } from '../../kernel/values/index.js';
import type { MailMessage } from '../mail/index.js';

type Paragraphs = {
  to: string;
  subject: string;
  heading: string;
  intro: string;
  link?: { href: string; label: string; note: string };
  outro: string;
};

/** A plain-text part anyone can read and a simple HTML part with the same words; every value is escaped in the HTML. */
function composeMail(input: Paragraphs): MailMessage {
  const { to, subject, heading, intro, link, outro } = input;
  const text = [intro, '', ...(link ? [link.note, '', link.href, ''] : []), outro, ''].join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display: inline-block; padding: 0.6em 1.2em; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(link.label)}</a></p>
    <p>${escapeHtml(link.note)} If the button does not work, copy this address into your browser:<br><span style="word-break: break-all;">${escapeHtml(link.href)}</span></p>`
    : '';
  const html = `<!doctype html>
<html>
  <body style="font-family: sans-serif; line-height: 1.5; color: #1f2933; max-width: 36em; margin: 2em auto;">
    <h1 style="font-size: 1.3em;">${escapeHtml(heading)}</h1>
    <p>${escapeHtml(intro)}</p>
    ${button}
    <p style="color: #52606d;">${escapeHtml(outro)}</p>
  </body>
</html>
`;
  return { to, subject, text, html };
}

/** The invitation: a link to choose a password (USER_INVITE_TOKEN_TTL). */
export function inviteMessage(input: { to: string; link: string; site: string }): MailMessage {
  return composeMail({
    to: input.to,
    subject: "You've been invited",
    heading: "You've been invited",
    intro: `You have been invited to ${input.site} with the address ${input.to}.`,
    link: { href: input.link, label: 'Accept the invitation', note: 'To accept, open this link and choose a password. It works once.' },
    outro: 'If you did not expect this invitation, ignore this message.',
  });
}

/** The verification of a public registration: a link that activates the account (EMAIL_VERIFICATION_TOKEN_TTL). */
export function verifyEmailMessage(input: { to: string; link: string; site: string }): MailMessage {
  return composeMail({
    to: input.to,
    subject: 'Verify your email address',
    heading: 'Verify your email address',
    intro: `Someone registered an account on ${input.site} with the address ${input.to}.`,
    link: { href: input.link, label: 'Verify my address', note: 'To activate the account, open this link. It works once.' },
    outro: 'If you did not register, ignore this message: no account is activated without this link.',
  });
}

/** The notice to an address that already has an account, when somebody registers with it again. */
export function existingAccountMessage(input: { to: string; site: string }): MailMessage {
  return composeMail({
    to: input.to,
    subject: 'Somebody tried to register with your address',
    heading: 'You already have an account',
    intro: `Someone tried to register a new account on ${input.site} with the address ${input.to}, which already has one. Nothing was changed.`,
    outro: 'If it was you, sign in, or ask for a new password if you forgot it. If it was not you, ignore this message.',
  });
}

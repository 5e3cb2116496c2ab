import type { ReceivedMail } from './smtp-server.js';

/** The reset link of a received reset e-mail (from its text part) and the token in it. */
export function resetLinkOf(mail: ReceivedMail): { link: URL; token: string } {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in the mail: ${mail.text}`);
  const link = new URL(match[0]);
  const token = link.searchParams.get('token');
  if (!token) throw new Error(`no token in the link ${match[0]}`);
  return { link, token };
}

/** Lets the app hand over the mails of requests that have already been answered. */
export async function afterAnswer(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}

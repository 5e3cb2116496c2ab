import type { ReceivedMail } from './smtp-server.js';

/** The reset link of a received reset e-mail (from its text part) and the token in it. */
export function resetLinkOf(mail: ReceivedMail): { link: URL; token: string } {
  // Absolute with PUBLIC_URL set, relative (`/admin/reset-password?token=…`) with the default `/`.
  const match = /(?:https?:\/\/|\/)\S*[?&]token=\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in the mail: ${mail.text}`);
  const link = new URL(match[0], 'http://relative.invalid');
  const token = link.searchParams.get('token');
  if (!token) throw new Error(`no token in the link ${match[0]}`);
  return { link, token };
}

/** Lets the app hand over the mails of requests that have already been answered. */
export async function afterAnswer(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}

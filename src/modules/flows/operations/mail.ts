import type { Mailer } from '../../mail/index.js';
import type { OperationType } from '../flows.types.js';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const recipients = (to: unknown): string[] =>
  (Array.isArray(to) ? to : typeof to === 'string' ? to.split(',') : []).map((address) => String(address).trim()).filter(Boolean);

/**
 * `mail`: hands one message per recipient (`to`: an address, a comma-separated list or an array) to the app's
 * mailer, with `subject` and `body`. The body is sent as text, and as HTML with every character escaped (a
 * value from the data chain can't inject markup); markdown is not rendered in this version.
 */
export function mailOperation(mailer: Mailer): OperationType {
  return {
    validate: (options) => (options.to === undefined || options.to === '' ? '"to" is required' : null),
    run(options) {
      const to = recipients(options.to);
      const subject = typeof options.subject === 'string' ? options.subject : '';
      const body = options.body === undefined || options.body === null ? '' : String(options.body as string);
      const html = `<p>${escapeHtml(body).replace(/\r?\n/g, '<br>')}</p>`;
      for (const address of to) mailer.send({ to: address, subject, text: body, html });
      return Promise.resolve({ to });
    },
  };
}

import { htmlToText, MailTemplateError, sanitizeMailHtml, type Mailer, type MailTemplates } from '../../mail/index.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';
import type { OperationType } from '../flows.types.js';
import { objectOption } from '../object-option.js';
import { OperationFailure } from '../operation-failure.js';

const TYPES = ['markdown', 'wysiwyg', 'template'];

const addresses = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .map((address) => String(address).trim())
    .filter(Boolean);

const isTemplate = (value: unknown) => typeof value === 'string' && value.includes('{{');

export type MailRendering = { templates: MailTemplates; markdown: (text: string) => Promise<string> };

/**
 * `mail` (Directus's options): one message per recipient of `to` (an address, a comma-separated list or an array),
 * with `subject`, `cc`, `bcc`, `replyTo`, handed to the app's mailer. `type` `markdown` (the default) renders `body`
 * as markdown, `wysiwyg` takes it as HTML; either way the HTML is sanitised (no script, style, handler or
 * `javascript:` link survives) and the text part is the body's text. `template` renders the Liquid template
 * `template` (default `base`) of EMAIL_TEMPLATES_PATH with `data`, values HTML-escaped unless it says `| raw`.
 */
export function mailOperation(mailer: Mailer, rendering: MailRendering): OperationType {
  return {
    validate(options) {
      if (options.to === undefined || options.to === null || options.to === '') return '"to" is required';
      const type = options.type ?? 'markdown';
      if (!TYPES.includes(String(type)) && !isTemplate(type)) return `"type" must be one of ${TYPES.join(', ')}`;
      const template = options.template;
      if (template !== undefined && template !== null && template !== '' && !isTemplate(template)) {
        if (typeof template !== 'string' || !rendering.templates.isName(template)) return '"template" must be a template\'s name';
      }
      if (options.data !== undefined && options.data !== null && !isPlainObject(options.data) && typeof options.data !== 'string') {
        return '"data" must be an object';
      }
      return null;
    },
    async run(options) {
      const to = addresses(options.to);
      if (to.length === 0) throw new OperationFailure('The mail has no recipient');
      const subject = typeof options.subject === 'string' ? options.subject : '';
      const type = String(options.type ?? 'markdown');
      if (!TYPES.includes(type)) throw new OperationFailure(`"type" must be one of ${TYPES.join(', ')}`);
      const body =
        options.body === undefined || options.body === null
          ? ''
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body);
      let html: string;
      let text: string;
      if (type === 'template') {
        const name = typeof options.template === 'string' && options.template !== '' ? options.template : 'base';
        try {
          html = await rendering.templates.render(name, { subject, ...objectOption(options.data, 'data') });
        } catch (error) {
          if (error instanceof MailTemplateError) throw new OperationFailure(error.message);
          throw error;
        }
        text = await htmlToText(html.replace(/<head>[\s\S]*?<\/head>/i, ''));
      } else if (type === 'wysiwyg') {
        html = await sanitizeMailHtml(body);
        text = await htmlToText(html);
      } else {
        html = await rendering.markdown(body);
        text = body;
      }
      const cc = addresses(options.cc);
      const bcc = addresses(options.bcc);
      const replyTo = typeof options.replyTo === 'string' && options.replyTo.trim() !== '' ? options.replyTo.trim() : undefined;
      for (const address of to) {
        mailer.send({
          to: address,
          subject,
          text,
          html,
          ...(cc.length > 0 ? { cc } : {}),
          ...(bcc.length > 0 ? { bcc } : {}),
          ...(replyTo ? { replyTo } : {}),
        });
      }
      return { to };
    },
  };
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Liquid, Template } from 'liquidjs';
import { sanitizeMailHtml } from './render-markdown.js';

/** A template's name: letters, digits, `_` and `-` (never a path). */
const NAME = /^[a-zA-Z0-9_-]+$/;

/** The built-in `base` template: the `html` (sanitised) or the `body` (escaped) it is given, in a plain layout. */
const BASE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{ subject }}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#172940">
<div style="max-width:600px;margin:0 auto;padding:32px;background:#ffffff;border-radius:6px">
{% if html %}{{ html | raw }}{% else %}<p>{{ body }}</p>{% endif %}
</div>
</body>
</html>
`;

export type MailTemplates = {
  /** Whether `name` can be a template's name (not whether the file exists). */
  isName(name: string): boolean;
  /**
   * Renders the template `name` (`<EMAIL_TEMPLATES_PATH>/<name>.liquid`, or the built-in `base`) with `data`.
   * Output is HTML-escaped unless a template says `| raw`. Throws MailTemplateError when it is missing or broken.
   */
  render(name: string, data: Record<string, unknown>): Promise<string>;
};

/** A template that does not exist or does not render; its message names the template, never a path. */
export class MailTemplateError extends Error {}

/**
 * The mailer's templates (Liquid, as Directus's are written): the `.liquid` files of `EMAIL_TEMPLATES_PATH`, and a
 * built-in `base` a file of that name overrides. Every output is HTML-escaped by default (a value from a flow's data
 * chain cannot inject markup); a template opts out per value with `| raw`. Templates see only their data: no file
 * outside the folder, no own-property escapes (liquidjs's `ownPropertyOnly`). One engine per app, parsed templates
 * cached in it.
 */
export function createMailTemplates(folder: string): MailTemplates {
  // liquidjs is imported at the first render (only mail needs it; decision 0124).
  let loaded: Promise<{ engine: Liquid; base: Template[] }> | undefined;
  const load = () =>
    (loaded ??= import('liquidjs').then(({ Liquid: Engine }) => {
      const engine = new Engine({ root: [folder], extname: '.liquid', outputEscape: 'escape', ownPropertyOnly: true, cache: true });
      return { engine, base: engine.parse(BASE) };
    }));
  return {
    isName: (name) => NAME.test(name),
    async render(name, data) {
      if (!NAME.test(name)) throw new MailTemplateError(`"${name}" is not a mail template's name`);
      const file = existsSync(join(folder, `${name}.liquid`));
      if (!file && name !== 'base') throw new MailTemplateError(`There is no mail template "${name}"`);
      const { engine, base } = await load();
      try {
        if (file) return await engine.renderFile(name, data);
        const html = typeof data.html === 'string' ? await sanitizeMailHtml(data.html) : undefined;
        return await engine.render(base, { ...data, html });
      } catch {
        throw new MailTemplateError(`The mail template "${name}" could not be rendered`);
      }
    },
  };
}

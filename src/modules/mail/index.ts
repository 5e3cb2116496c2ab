export { createMailer, type MailMessage, type Mailer } from './create-mailer.js';
export { createMailTemplates, MailTemplateError, type MailTemplates } from './create-mail-templates.js';
export { createMarkdownRenderer, htmlToText, sanitizeMailHtml } from './render-markdown.js';

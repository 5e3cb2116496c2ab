export { createMailer, type MailMessage, type Mailer } from './create-mailer.js';

import type { Extension } from '@codemirror/state';
import type { CodeLanguage } from './code-language.js';

/** Each language's CodeMirror support, fetched on first use (each its own chunk). */
export const LANGUAGE_SUPPORT: Record<CodeLanguage, () => Promise<Extension>> = {
  javascript: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  json: () => import('@codemirror/lang-json').then((m) => m.json()),
  html: () => import('@codemirror/lang-html').then((m) => m.html()),
  css: () => import('@codemirror/lang-css').then((m) => m.css()),
  sql: () => import('@codemirror/lang-sql').then((m) => m.sql()),
  markdown: () => import('@codemirror/lang-markdown').then((m) => m.markdown()),
};

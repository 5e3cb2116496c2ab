import { render } from 'preact';
import { createClient } from './api/client.js';
import { App } from './app.js';
import { installTraversalGate } from './content/traversal-gate.js';
import { applyLanguage, browserLanguages, pickLanguage } from './i18n/language.js';
import './styles.css';

// Before the router listens: the item page's leave guard has the first say on Back and Forward.
installTraversalGate();

// The sign-in page speaks the browser's language: the signed-out pages' messages (if not English) are loaded before
// the first render; the rest comes with the translations gate after sign-in.
const language = pickLanguage(null, browserLanguages());
(language === 'en' ? Promise.resolve() : applyLanguage(language, 'signed-out').catch(() => undefined)).then(() =>
  render(<App client={createClient()} />, document.getElementById('app')!),
);

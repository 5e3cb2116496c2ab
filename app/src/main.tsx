import { render } from 'preact';
import { createClient } from './api/client.js';
import { App } from './app.js';
import { installTraversalGate } from './content/traversal-gate.js';
import { applyLanguage, browserLanguages, pickLanguage } from './i18n/language.js';
import './styles.css';

// Before the router listens: the item page's leave guard has the first say on Back and Forward.
installTraversalGate();

// The sign-in page speaks the browser's language: its catalogue (if not English) is loaded before the first render.
const language = pickLanguage(null, browserLanguages());
(language === 'en' ? Promise.resolve() : applyLanguage(language).catch(() => undefined)).then(() =>
  render(<App client={createClient()} />, document.getElementById('app')!),
);

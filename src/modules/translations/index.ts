export { translationsBehaviour } from './translations.behaviours.js';

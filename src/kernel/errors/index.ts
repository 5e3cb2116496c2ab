export * from './app-error.js';
export * from './catalogue.js';

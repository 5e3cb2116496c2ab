export * from './accountability.js';

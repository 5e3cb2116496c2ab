/** The flows section's pages, one chunk (flow-routes.ts loads it on first use). */
export { FlowPage } from './flow-page.js';
export { FlowsPage } from './flows-page.js';

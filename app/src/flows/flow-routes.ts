import { lazyPage } from '../lazy-page.js';

/** The flows pages for the router, loading the flows chunk when first shown. */
const load = () => import('./flow-pages.js');

export const FlowsPage = lazyPage(() => load().then((m) => m.FlowsPage));
export const FlowPage = lazyPage(() => load().then((m) => m.FlowPage));

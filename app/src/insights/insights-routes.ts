import { lazyPage } from '../lazy-page.js';

/** The Insights pages for the router, loading the section's chunk when first shown. */
const load = () => import('./insights-pages.js');

export const DashboardsPage = lazyPage(() => load().then((m) => m.DashboardsPage));
export const DashboardPage = lazyPage(() => load().then((m) => m.DashboardPage));

/** The Insights section's pages, one chunk (insights-routes.ts loads it on first use). */
export { DashboardPage } from './dashboard-page.js';
export { DashboardsPage } from './dashboards-page.js';

export { dashboardsBehaviour, panelsBehaviour } from './dashboards.behaviours.js';

import { lazyPage } from '../lazy-page.js';

/** The access-control pages for the router, each loading the one chunk of access-pages.ts when first shown. */
const load = () => import('./access-pages.js');

export const UsersPage = lazyPage(() => load().then((m) => m.UsersPage));
export const UserPage = lazyPage(() => load().then((m) => m.UserPage));
export const RolesPage = lazyPage(() => load().then((m) => m.RolesPage));
export const RolePage = lazyPage(() => load().then((m) => m.RolePage));
export const PoliciesPage = lazyPage(() => load().then((m) => m.PoliciesPage));
export const PolicyPage = lazyPage(() => load().then((m) => m.PolicyPage));
export const WhyPage = lazyPage(() => load().then((m) => m.WhyPage));

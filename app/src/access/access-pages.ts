/** The access-control pages, one chunk loaded on first use (see access-routes.ts). */
export { PoliciesPage } from './policies-page.js';
export { PolicyPage } from './policy-page.js';
export { RolePage } from './role-page.js';
export { RolesPage } from './roles-page.js';
export { UserPage } from './user-page.js';
export { UsersPage } from './users-page.js';
export { WhyPage } from './why-page.js';

import { t } from '../i18n/t.js';
/**
 * Which access-control sections (and Insights, Flows) the shell links to, from the user's `GET /permissions/me`: a section appears
 * when the user may read its system collection without a row filter (administrators may read everything).
 * The server still decides every call; this only hides links that would lead to refusals.
 */

type Summary = Record<string, { read?: { access?: string } } | undefined>;

export type Section = { href: string; label: string };

const fullRead = (access: Summary, collection: string) => access[collection]?.read?.access === 'full';
const anyRead = (access: Summary, collection: string) => (access[collection]?.read?.access ?? 'none') !== 'none';

export function accessSections(access: Summary): Section[] {
  const sections: Section[] = [];
  if (fullRead(access, 'service_users')) sections.push({ href: '/users', label: t('Users') });
  if (fullRead(access, 'service_roles')) sections.push({ href: '/roles', label: t('Roles') });
  if (fullRead(access, 'service_policies') && fullRead(access, 'service_permissions'))
    sections.push({ href: '/policies', label: t('Policies') });
  // The explain endpoint answers for another user only to administrators; they read everything.
  if (['service_users', 'service_policies', 'service_permissions', 'service_access'].every((c) => fullRead(access, c)))
    sections.push({ href: '/why', label: t('Why?') });
  // Insights: dashboards and their panels, readable at all (a policy may limit which dashboards).
  if (anyRead(access, 'service_dashboards') && anyRead(access, 'service_panels'))
    sections.push({ href: '/insights', label: t('Insights') });
  if (fullRead(access, 'service_flows') && fullRead(access, 'service_operations')) sections.push({ href: '/flows', label: t('Flows') });
  return sections;
}

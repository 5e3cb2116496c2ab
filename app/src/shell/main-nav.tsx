import { useEffect, useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import { useAccessSections } from '../access/use-access-sections.js';
import { useSession } from '../auth/session.js';
import { isAdministrator } from '../data-model/is-administrator.js';
import { readFilesAccess } from '../files/files-api.js';
import { countUnread, NOTIFICATIONS_SUBSCRIPTION } from '../notifications/notifications-api.js';
import { useLiveRefresh } from '../realtime/live.js';
import { msg, t } from '../i18n/t.js';

const SECTIONS = [
  { href: '/content', label: msg('Content') },
  { href: '/activity', label: msg('Activity') },
  { href: '/account', label: msg('Account') },
];

/** The user's notifications, with the inbox's unread count beside it. */
const NOTIFICATIONS = { href: '/notifications', label: msg('Notifications') };

/** Sections for administrators only (`admin_access` of /policies/me/globals). */
const MODEL_SECTIONS = [
  { href: '/data-model', label: msg('Data model') },
  { href: '/schema', label: msg('Schema') },
  { href: '/settings', label: msg('Settings') },
];

/** The app's sections, those the user may use; the current one marked. */
export function MainNav() {
  const { client, user } = useSession();
  const [location] = useLocation();
  // "Files" only for users who may read service_files (GET /permissions/me).
  const [files, setFiles] = useState(false);
  useEffect(() => {
    readFilesAccess(client).then(
      (access) => setFiles(access.read),
      () => setFiles(false),
    );
  }, [client, user?.id]);
  const sections = files ? [...SECTIONS.slice(0, 1), { href: '/files', label: msg('Files') }, ...SECTIONS.slice(1)] : SECTIONS;
  const [modelAdmin, setModelAdmin] = useState(false);
  useEffect(() => {
    if (!user) return;
    isAdministrator(client).then(setModelAdmin, () => setModelAdmin(false));
  }, [client, user?.id]);
  const accessLinks = useAccessSections();
  // The inbox's unread count, read again whenever the user's notifications change (realtime).
  const [unread, setUnread] = useState(0);
  const notificationsLive = useLiveRefresh(user ? NOTIFICATIONS_SUBSCRIPTION : null);
  useEffect(() => {
    if (!user) return;
    countUnread(client).then(setUnread, () => setUnread(0));
  }, [client, user?.id, notificationsLive.changes, location]);

  return (
    <nav aria-label={t('Main')} class="main-nav">
      <ul>
        {[
          // The frame's own sections' labels are messages; the access links come translated.
          ...[...sections, NOTIFICATIONS, ...(modelAdmin ? MODEL_SECTIONS : [])].map((s) => ({ ...s, label: t(s.label) })),
          ...accessLinks,
        ].map((section) => {
          const current = location === section.href || location.startsWith(`${section.href}/`);
          return (
            <li key={section.href}>
              <Link href={section.href} aria-current={current ? 'page' : undefined}>
                {section.label}
                {section.href === NOTIFICATIONS.href && unread > 0 && (
                  <span class="badge">
                    {' '}
                    {unread}
                    <span class="visually-hidden"> {t('unread')}</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { LiveNote, useLiveRefresh } from '../realtime/live.js';
import {
  NOTIFICATIONS_SUBSCRIPTION,
  notificationTarget,
  readMyNotifications,
  setNotificationStatus,
  type NotificationRow,
  type NotificationStatus,
} from './notifications-api.js';
import { locale, msg, plural, t } from '../i18n/t.js';

const TABS: { status: NotificationStatus; label: string }[] = [
  { status: 'inbox', label: msg('Inbox') },
  { status: 'archived', label: msg('Archived') },
];

/** The signed-in user's notifications: the inbox and the archive, live; archive one or all, open what one is about. */
export function NotificationsPage() {
  const { client } = useSession();
  const [status, setStatus] = useState<NotificationStatus>('inbox');
  const [rows, setRows] = useState<NotificationRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const live = useLiveRefresh(NOTIFICATIONS_SUBSCRIPTION);

  useEffect(() => {
    let cancelled = false;
    readMyNotifications(client, status).then(
      (list) => {
        if (!cancelled) {
          setRows(list);
          setError(null);
        }
      },
      (failure: unknown) => {
        if (!cancelled) setError(requestMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, status, live.changes]);

  const move = async (ids: number[], to: NotificationStatus) => {
    setError(null);
    try {
      await setNotificationStatus(client, ids, to);
      setRows((current) => current?.filter((row) => !ids.includes(row.id)) ?? null);
      setMessage(
        to === 'archived'
          ? plural(ids.length, 'Archived {count} notification.', 'Archived {count} notifications.')
          : t('Moved back to the inbox.'),
      );
    } catch (failure) {
      setError(requestMessage(failure));
    }
  };

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('Notifications')}</h1>
      <LiveNote state={live.state} />
      <div class="tabs" role="group" aria-label={t('Show')}>
        {TABS.map((tab) => (
          <button
            key={tab.status}
            type="button"
            aria-pressed={status === tab.status}
            onClick={() => {
              setMessage(null);
              setRows(null);
              setStatus(tab.status);
            }}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p role="status">{message}</p>
      {rows === null ? (
        <p class="loading">{t('Loading…')}</p>
      ) : rows.length === 0 ? (
        <p>{status === 'inbox' ? t('No new notifications.') : t('No archived notifications.')}</p>
      ) : (
        <>
          {status === 'inbox' && (
            <button
              type="button"
              onClick={() =>
                void move(
                  rows.map((row) => row.id),
                  'archived',
                )
              }
            >
              {t('Archive all')}
            </button>
          )}
          <ul class="notification-list" aria-label={status === 'inbox' ? t('Inbox') : t('Archived notifications')}>
            {rows.map((row) => (
              <NotificationItem key={row.id} row={row} onMove={(to) => void move([row.id], to)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function NotificationItem({ row, onMove }: { row: NotificationRow; onMove: (to: NotificationStatus) => void }) {
  const target = notificationTarget(row);
  const when = row.timestamp ? new Date(row.timestamp) : null;
  return (
    <li class="notification">
      <h2 class="notification-subject">{row.subject}</h2>
      {when && !Number.isNaN(when.getTime()) && <time dateTime={when.toISOString()}>{when.toLocaleString(locale())}</time>}
      {row.message && <p class="notification-message">{row.message}</p>}
      <div class="actions">
        {target &&
          (target.external ? <a href={target.href}>{t('Download the file')}</a> : <Link href={target.href}>{t('Open the item')}</Link>)}
        {row.status === 'inbox' ? (
          <button type="button" onClick={() => onMove('archived')}>
            {t('Archive')} <span class="visually-hidden">{row.subject}</span>
          </button>
        ) : (
          <button type="button" onClick={() => onMove('inbox')}>
            {t('Move to inbox')} <span class="visually-hidden">{row.subject}</span>
          </button>
        )}
      </div>
    </li>
  );
}

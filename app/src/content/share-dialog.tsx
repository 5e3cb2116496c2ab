import { useEffect, useRef, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { plural, t } from '../i18n/t.js';
import {
  addItemShare,
  emailsOf,
  inviteToShare,
  readItemShares,
  removeShare,
  shareLink,
  type ItemShare,
  type NewShare,
} from './shares-api.js';
import { timeStampText } from '../ui/time-stamp.js';

const EMPTY: NewShare = { name: '', password: '', date_start: '', date_end: '', max_uses: '' };

/** What a share is like, in words: "password · used 2 of 5 times · until <date>". */
function shareFacts(share: ItemShare): string {
  const used =
    share.max_uses !== null
      ? plural(share.times_used, 'used {count} of {max} time', 'used {count} of {max} times', { max: share.max_uses })
      : plural(share.times_used, 'used {count} time', 'used {count} times');
  const until = share.date_end ? t('until {when}', { when: timeStampText(share.date_end) }) : null;
  return [share.hasPassword ? t('password') : null, used, until].filter(Boolean).join(' · ');
}

/**
 * The Share button of an item page and its modal dialog: the item's shares (copy a link, invite by e-mail,
 * delete) and a form for a new one with an optional password, dates and a most number of uses.
 */
export function ShareDialog({ collection, id }: { collection: string; id: string }) {
  const { client } = useSession();
  const dialog = useRef<HTMLDialogElement>(null);
  const [shares, setShares] = useState<ItemShare[] | null>(null);
  const [draft, setDraft] = useState<NewShare>(EMPTY);
  const [invites, setInvites] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () => readItemShares(client, collection, id).then(setShares, (failure: unknown) => setError(requestMessage(failure)));
  useEffect(() => {
    setShares(null);
  }, [collection, id]);

  const open = () => {
    setError(null);
    setNotice(null);
    dialog.current?.showModal();
    void load();
  };
  const run = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
      setNotice(done);
      await load();
    } catch (failure) {
      setError(requestMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const create = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      await addItemShare(client, collection, id, draft);
      setDraft(EMPTY);
    }, t('Share created.'));
  };
  const copy = (share: ItemShare) => {
    const link = shareLink(share.id);
    void navigator.clipboard?.writeText(link).then(
      () => setNotice(t('Link copied.')),
      () => setNotice(t('Link: {link}', { link })),
    );
  };
  const invite = (share: ItemShare) => {
    const emails = emailsOf(invites[share.id] ?? '');
    if (emails.length === 0) {
      setError(t('Enter at least one e-mail address.'));
      return;
    }
    void run(async () => {
      await inviteToShare(client, share.id, emails);
      setInvites({ ...invites, [share.id]: '' });
    }, t('Invitation sent.'));
  };
  const input = (field: keyof NewShare) => (event: Event) => setDraft({ ...draft, [field]: (event.target as HTMLInputElement).value });

  return (
    <>
      <button type="button" onClick={open}>
        {t('Share')}
      </button>
      <dialog ref={dialog} aria-labelledby="share-title" class="share-dialog">
        <h2 id="share-title">{t('Share this item')}</h2>
        {shares === null && <p aria-live="polite">{t('Loading…')}</p>}
        {shares && shares.length === 0 && <p>{t('No shares yet.')}</p>}
        {shares && shares.length > 0 && (
          <ul class="shares" aria-label={t('Existing shares')}>
            {shares.map((share) => (
              <li key={share.id}>
                <p>
                  <strong>{share.name ?? t('Unnamed share')}</strong> · {shareFacts(share)}
                </p>
                <p>
                  <button type="button" onClick={() => copy(share)}>
                    {t('Copy link')}
                  </button>{' '}
                  <button
                    type="button"
                    class="danger"
                    disabled={busy}
                    onClick={() => void run(() => removeShare(client, share.id), t('Share deleted.'))}
                  >
                    {t('Delete')}
                  </button>
                </p>
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    invite(share);
                  }}
                >
                  <label for={`invite-${share.id}`}>{t('Invite by e-mail')}</label>
                  <input
                    id={`invite-${share.id}`}
                    type="text"
                    inputMode="email"
                    placeholder={t('name@example.com, …')}
                    value={invites[share.id] ?? ''}
                    onInput={(event) => setInvites({ ...invites, [share.id]: (event.target as HTMLInputElement).value })}
                  />
                  <button type="submit" disabled={busy}>
                    {t('Send')}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={create} aria-labelledby="new-share-title">
          <h3 id="new-share-title">{t('New share')}</h3>
          <label for="share-name">{t('Name')}</label>
          <input id="share-name" value={draft.name} onInput={input('name')} />
          <label for="share-password">{t('Password (optional)')}</label>
          <input id="share-password" type="password" autoComplete="new-password" value={draft.password} onInput={input('password')} />
          <label for="share-start">{t('Starts')}</label>
          <input id="share-start" type="datetime-local" value={draft.date_start} onInput={input('date_start')} />
          <label for="share-end">{t('Ends')}</label>
          <input id="share-end" type="datetime-local" value={draft.date_end} onInput={input('date_end')} />
          <label for="share-uses">{t('Most uses')}</label>
          <input id="share-uses" type="number" min={1} step={1} value={draft.max_uses} onInput={input('max_uses')} />
          <button type="submit" disabled={busy}>
            {t('Create share')}
          </button>
        </form>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        {notice && <p role="status">{notice}</p>}
        <form method="dialog">
          <button type="submit">{t('Close')}</button>
        </form>
      </dialog>
    </>
  );
}

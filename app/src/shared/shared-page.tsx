import { authenticateShare, createDirectus, readItem, readShareInfo, rest, withToken } from '@directus/sdk';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { errorStatus, requestMessage } from '../api/errors.js';
import { t } from '../i18n/t.js';

type Info = { id: string; collection: string; item: string; password: string | null };
type State =
  | { step: 'loading' }
  | { step: 'unavailable' }
  | { step: 'password'; info: Info }
  | { step: 'item'; info: Info; item: Record<string, unknown> };

/** A value as read-only text: JSON for objects and lists, "—" for nothing. */
export function sharedValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The public page of a share (`/admin/shared/:id`), signed in or not: asks for the password when the share has
 * one, opens a share session (json mode: the tokens stay in this page, never in the app's own session cookies)
 * and shows the shared item read-only, with the fields the share may read.
 */
export function SharedPage({ id }: { id: string }) {
  // A client of its own, sending no cookies: the visitor's own session plays no part.
  const client = useMemo(() => createDirectus(window.location.origin).with(rest({ credentials: 'omit' })), []);
  const [state, setState] = useState<State>({ step: 'loading' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async (info: Info, secret: string | undefined) => {
    const tokens = (await client.request(authenticateShare(info.id, secret, 'json'))) as { access_token: string | null };
    const item = (await client.request(withToken(tokens.access_token ?? '', readItem(info.collection as never, info.item)))) as Record<
      string,
      unknown
    >;
    setState({ step: 'item', info, item });
  };

  useEffect(() => {
    (async () => {
      const info = (await client.request(readShareInfo(id))) as unknown as Info;
      if (info.password) setState({ step: 'password', info });
      else await open(info, undefined);
    })().catch((failure: unknown) => {
      const status = errorStatus(failure);
      if (status === 403 || status === 401) setState({ step: 'unavailable' });
      else setError(requestMessage(failure));
    });
  }, [id]);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (state.step !== 'password') return;
    setBusy(true);
    setError(null);
    try {
      await open(state.info, password);
    } catch (failure) {
      const status = errorStatus(failure);
      setError(status === 401 ? t('Wrong password, or the share can no longer be used.') : requestMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="shared-page" aria-labelledby="shared-title">
      <h1 id="shared-title">{t('Shared item')}</h1>
      {state.step === 'loading' && !error && <p aria-live="polite">{t('Loading…')}</p>}
      {state.step === 'unavailable' && <p role="alert">{t("This share does not exist, or it can't be used any more.")}</p>}
      {state.step === 'password' && (
        <form onSubmit={(event) => void submit(event)}>
          <p>{t('This share is protected by a password.')}</p>
          <label for="share-password">{t('Password')}</label>
          <input
            id="share-password"
            type="password"
            autoComplete="current-password"
            value={password}
            required
            aria-describedby={error ? 'shared-error' : undefined}
            onInput={(event) => setPassword((event.target as HTMLInputElement).value)}
          />
          <button type="submit" disabled={busy}>
            {t('Open')}
          </button>
        </form>
      )}
      {state.step === 'item' && (
        <section aria-label={`${state.info.collection} ${state.info.item}`}>
          <p>
            {state.info.collection} · {state.info.item}
          </p>
          <dl class="shared-item">
            {Object.entries(state.item).map(([field, value]) => (
              <div key={field}>
                <dt>{field}</dt>
                <dd>{sharedValueText(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {error && (
        <p id="shared-error" class="error" role="alert">
          {error}
        </p>
      )}
    </main>
  );
}

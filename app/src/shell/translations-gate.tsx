import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import { useSession } from '../auth/session.js';
import { t } from '../i18n/t.js';

/**
 * Shows the signed-in pages once the project's translation strings are read (one request, its code fetched on
 * first use), so names such as `$t:public_label` never flash untranslated. A failure is not fatal: the built-in
 * English is used.
 */
export function TranslationsGate({ children }: { children: ComponentChildren }) {
  const { client, user } = useSession();
  const [ready, setReady] = useState(false);
  // A layout effect: the read starts with the first render, not a frame later (decision 0182).
  useLayoutEffect(() => {
    let live = true;
    import('../ui/translations-loader.js')
      .then((m) => m.loadTranslations(client, user?.language ?? null))
      .catch(() => undefined)
      .finally(() => {
        if (live) setReady(true);
      });
    return () => {
      live = false;
    };
  }, [client, user?.id, user?.language]);
  if (!ready)
    return (
      <p class="loading" aria-live="polite">
        {t('Loading…')}
      </p>
    );
  return <>{children}</>;
}

import type { ComponentChild, ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from './i18n/t.js';

/** A lazily loaded page; `preload()` fetches its code ahead of its first render. */
export type LazyPage<P extends object> = ComponentType<P> & { preload(): void };

/**
 * A page whose code is fetched on first use (a separate chunk, so the sign-in page does not carry it): "Loading…"
 * until it arrives (or what `loading` draws for the props), a message if it cannot be fetched (a new deployment
 * replaced the chunk, say).
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  loading: (props: P) => ComponentChild = () => <p aria-live="polite">{t('Loading…')}</p>,
): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchCode = () => (pending ??= load().then((page) => (loaded = page)));
  function LazyPage(props: P) {
    const [component, setComponent] = useState<{ page: ComponentType<P> } | null>(loaded ? { page: loaded } : null);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (component) return;
      let live = true;
      fetchCode().then(
        (page) => {
          if (live) setComponent({ page });
        },
        () => {
          pending = null;
          if (live) setFailed(true);
        },
      );
      return () => {
        live = false;
      };
    }, []);
    if (failed) {
      return (
        <p class="error" role="alert">
          {t('This page could not be loaded. Reload the page to try again.')}
        </p>
      );
    }
    if (!component) return loading(props);
    const Page = component.page;
    return <Page {...props} />;
  }
  // Fetching ahead of the first render (decision 0182); a failure is left for the render to report.
  LazyPage.preload = () => void fetchCode().catch(() => (pending = null));
  return LazyPage;
}

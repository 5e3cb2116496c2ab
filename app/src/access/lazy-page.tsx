import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A page whose code is loaded when it is first shown (a separate chunk of the Vite build), so the sign-in page
 * does not carry the administrators' screens. `load` is shared by the pages of one module: one request.
 */
export function lazyPage<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function LazyPage(props: P) {
    const [, setReady] = useState(loaded !== null);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      load().then(
        (module) => {
          loaded = pick(module);
          if (live) setReady(true);
        },
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, []);
    if (failed) {
      return (
        <p class="error" role="alert">
          This page could not be loaded. Reload to try again.
        </p>
      );
    }
    if (!loaded) return <p class="loading">Loading…</p>;
    const Page = loaded;
    return <Page {...props} />;
  };
}

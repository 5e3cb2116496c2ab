import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/t.js';
import type { InterfaceProps } from './interface-props.js';

/** Loads an interface's chunk: the module's component. */
export type InterfaceLoader = () => Promise<ComponentType<InterfaceProps>>;

// Each loader's component once it arrived, and its fetch while under way (fields of one interface share it).
const loaded = new Map<InterfaceLoader, ComponentType<InterfaceProps>>();
const pending = new Map<InterfaceLoader, Promise<ComponentType<InterfaceProps>>>();

function fetchInterface(load: InterfaceLoader): Promise<ComponentType<InterfaceProps>> {
  let fetching = pending.get(load);
  if (!fetching) {
    fetching = load().then(
      (component) => {
        loaded.set(load, component);
        return component;
      },
      (failure: unknown) => {
        // A later form tries again.
        pending.delete(load);
        throw failure;
      },
    );
    pending.set(load, fetching);
  }
  return fetching;
}

/**
 * The one way an interface (basic or rich editor, each its own chunk) is loaded on first use: until it is there, the
 * value shows read-only in a text area that carries the field's id (so the field's label still names it), with
 * "Loading editor…" beside it; a chunk that fails to load says so in words.
 */
export function LazyInterface({ load, ...props }: InterfaceProps & { load: InterfaceLoader }) {
  // Raised when the chunk arrives, to draw the editor from `loaded`.
  const [, setArrived] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loaded.has(load)) return;
    let cancelled = false;
    setFailed(false);
    fetchInterface(load).then(
      () => {
        if (!cancelled) setArrived((count) => count + 1);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [load]);
  const Editor = loaded.get(load);
  if (Editor) return <Editor {...props} />;
  return (
    <div class="interface-loading">
      <textarea id={props.id} rows={4} readOnly value={props.text} aria-describedby={props.describedBy} aria-busy={!failed} />
      <p class={failed ? 'error' : 'help'} aria-live="polite">
        {failed ? t('The editor could not be loaded. Reload the page to try again.') : t('Loading editor…')}
      </p>
    </div>
  );
}

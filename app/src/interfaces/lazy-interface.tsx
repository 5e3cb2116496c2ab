import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/t.js';
import { lazyPage } from '../lazy-page.js';
import type { InterfaceProps } from './interface-props.js';

/** Loads an interface's chunk: the module's component. */
export type InterfaceLoader = () => Promise<ComponentType<InterfaceProps>>;

const loaded = new Map<InterfaceLoader, ComponentType<InterfaceProps>>();

/**
 * An interface loaded on first use (its own chunk): until it is there, a "Loading editor…" placeholder that carries
 * the field's id, so the field's label still names something; a chunk that fails to load says so in words.
 */
export function LazyInterface({ load, ...props }: InterfaceProps & { load: InterfaceLoader }) {
  const [component, setComponent] = useState<ComponentType<InterfaceProps> | null>(() => loaded.get(load) ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (component) return;
    let cancelled = false;
    load().then(
      (found) => {
        loaded.set(load, found);
        if (!cancelled) setComponent(() => found);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [load]);
  if (component) {
    const Interface = component;
    return <Interface {...props} />;
  }
  return (
    <output id={props.id} aria-busy={!failed} aria-describedby={props.describedBy} class="help">
      {failed ? t('The editor could not be loaded. Reload the page to try again.') : t('Loading editor…')}
    </output>
  );
}

/**
 * An interface whose code is fetched when a form first shows such a field (its own chunk). Until it arrives the
 * value shows read-only in a text area that carries the field's id, so the label still names it, with "Loading
 * editor…" beside it.
 */
export function lazyInterface(load: () => Promise<ComponentType<InterfaceProps>>): ComponentType<InterfaceProps> {
  return lazyPage(load, ({ id, text, describedBy }) => (
    <div class="interface-loading">
      <textarea id={id} rows={4} readOnly value={text} aria-describedby={describedBy} />
      <p class="help" aria-live="polite">
        {t('Loading editor…')}
      </p>
    </div>
  ));
}

import type { ComponentType } from 'preact';
import { lazyPage } from '../lazy-page.js';
import type { InterfaceProps } from './interface-props.js';

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
        Loading editor…
      </p>
    </div>
  ));
}

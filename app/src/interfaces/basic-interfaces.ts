import type { InterfaceLoader } from './lazy-interface.js';

/**
 * The basic interfaces by Directus's interface id (`meta.interface`), each its own chunk loaded when a form shows
 * such a field: choices (drop-down, radio buttons, check boxes, list box), tags, toggle, slider, date and time, colour.
 */
export const BASIC_INTERFACES: Record<string, InterfaceLoader> = {
  'select-dropdown': () => import('./select-dropdown.js').then((m) => m.SelectDropdown),
  'select-radio': () => import('./select-radio.js').then((m) => m.SelectRadio),
  'select-multiple-checkbox': () => import('./select-checkboxes.js').then((m) => m.SelectCheckboxes),
  'select-multiple-dropdown': () => import('./select-multiple.js').then((m) => m.SelectMultiple),
  tags: () => import('./tags-input.js').then((m) => m.TagsInput),
  boolean: () => import('./boolean-toggle.js').then((m) => m.BooleanToggle),
  slider: () => import('./slider-input.js').then((m) => m.SliderInput),
  datetime: () => import('./datetime-input.js').then((m) => m.DateTimeInput),
  'select-color': () => import('./color-input.js').then((m) => m.ColorInput),
};

/** The loader of a field's interface when it is one of the basic ones. */
export function basicInterface(id: string | null): InterfaceLoader | undefined {
  return id !== null && Object.hasOwn(BASIC_INTERFACES, id) ? BASIC_INTERFACES[id] : undefined;
}

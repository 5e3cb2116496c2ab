import { describe, expect, it } from 'vitest';
import { dropdownState, OTHER } from './dropdown-choices.js';

const choices = [
  { text: 'Red', value: 'red' },
  { text: 'Blue', value: 'blue' },
];
const field = (options: Record<string, unknown>, required = false) => ({ required, choices, options });
const values = (state: ReturnType<typeof dropdownState>) => state.options.map((o) => o.value);

describe('dropdownState', () => {
  it('offers an empty entry for a field that is not required, and none for a required one, without allowNone', () => {
    expect(values(dropdownState(field({}), 'red', false))).toEqual(['', 'red', 'blue']);
    expect(dropdownState(field({}), '', false).options[0]).toEqual({ value: '', text: 'None' });
    expect(values(dropdownState(field({}, true), 'red', false))).toEqual(['red', 'blue']);
  });

  it('follows allowNone when it is set', () => {
    expect(values(dropdownState(field({ allowNone: true }, true), 'red', false))).toEqual(['', 'red', 'blue']);
    expect(values(dropdownState(field({ allowNone: false }), 'red', false))).toEqual(['red', 'blue']);
  });

  it('shows a disabled prompt for no value when no empty entry is allowed', () => {
    const state = dropdownState(field({ allowNone: false }), '', false);
    expect(state.options[0]).toEqual({ value: '', text: 'Choose a value', disabled: true });
    expect(state.selected).toBe('');
  });

  it('adds "Other…" with allowOther, and shows a value that is not a choice as Other', () => {
    const chosen = dropdownState(field({ allowOther: true }), 'blue', false);
    expect(values(chosen)).toEqual(['', 'red', 'blue', OTHER]);
    expect(chosen).toMatchObject({ selected: 'blue', other: false });
    expect(dropdownState(field({ allowOther: true }), 'purple', false)).toMatchObject({ selected: OTHER, other: true });
    expect(dropdownState(field({ allowOther: true }), '', true)).toMatchObject({ selected: OTHER, other: true });
    expect(dropdownState(field({ allowOther: true }), '', false)).toMatchObject({ selected: '', other: false });
  });

  it('keeps a stored value that is not a choice as its own entry without allowOther', () => {
    const state = dropdownState(field({}), 'purple', false);
    expect(values(state)).toEqual(['', 'red', 'blue', 'purple']);
    expect(state).toMatchObject({ selected: 'purple', other: false });
  });
});

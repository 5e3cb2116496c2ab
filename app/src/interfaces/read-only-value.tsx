import type { InterfaceProps } from './interface-props.js';

/** A read-only field's value as an interface shows it: a read-only text box, readable and focusable. */
export function ReadOnlyValue({ id, describedBy, value }: Pick<InterfaceProps, 'id' | 'describedBy'> & { value: string }) {
  return <input id={id} type="text" readOnly value={value === '' ? '—' : value} aria-describedby={describedBy} />;
}

/** The texts of the chosen values (a value without a choice as itself). */
export function choiceTexts(choices: { text: string; value: string }[], values: string[]): string {
  return values.map((value) => choices.find((c) => c.value === value)?.text ?? value).join(', ');
}

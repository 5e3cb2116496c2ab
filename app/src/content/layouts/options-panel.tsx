import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../i18n/t.js';
import type { LayoutOptions } from '../list-layout.js';

/** A layout's options, in a disclosure closed by default. */
export function OptionsPanel({ children }: { children: ComponentChildren }) {
  return (
    <details class="panel layout-options">
      <summary>{t('Layout options')}</summary>
      <div class="layout-options-body">{children}</div>
    </details>
  );
}

/** The change of one option of a layout (an empty value takes the option out). */
export function optionSetter(options: LayoutOptions, setOptions: (options: LayoutOptions) => void): (name: string, value: unknown) => void {
  return (name, value) => setOptions({ ...options, [name]: value ?? undefined });
}

type Choice = { value: string; label: string };

/** A labelled select of a layout option (`none`: the label of an empty choice, when the option may be empty). */
export function OptionSelect(props: {
  id: string;
  label: string;
  value: string | null;
  choices: Choice[];
  none?: string | undefined;
  choose(value: string | null): void;
}) {
  const { id, label, value, choices, none, choose } = props;
  return (
    <p>
      <label for={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => choose(e.currentTarget.value === '' ? null : e.currentTarget.value)}>
        {none !== undefined && <option value="">{none}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </p>
  );
}

/** A labelled text option applied when it changes (on leaving the input or Enter), such as a display template. */
export function OptionText(props: { id: string; label: string; value: string | null; hint: string; choose(value: string | null): void }) {
  const { id, label, value, hint, choose } = props;
  // What is typed is the input's own until it is chosen (on change): a render in between (a live update of the
  // list) must not put the chosen value back over it.
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  return (
    <p>
      <label for={id}>{label}</label>
      <input
        id={id}
        value={draft}
        aria-describedby={`${id}-hint`}
        onInput={(e) => setDraft(e.currentTarget.value)}
        onChange={(e) => choose(e.currentTarget.value.trim() === '' ? null : e.currentTarget.value.trim())}
      />
      <small id={`${id}-hint`}>{hint}</small>
    </p>
  );
}

/** A text option holding a display template (a card's, a calendar entry's title), with an example as its hint. */
export function TemplateOption(props: { id: string; label: string; value: string | null; choose(value: string | null): void }) {
  return <OptionText {...props} hint={t('A display template, such as {{ title }}')} />;
}

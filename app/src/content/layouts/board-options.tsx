import type { ComponentChildren } from 'preact';
import type { FieldPath } from '../field-paths.js';
import type { LayoutOptions } from '../list-layout.js';
import { OptionSelect, optionSetter, OptionsPanel, TemplateOption } from './options-panel.js';

/** A layout option naming a field (`name`, such as `groupField`), chosen among `fields` (`none`: it may be empty). */
export type FieldOption = { id: string; name: string; label: string; value: string | null; fields: FieldPath[]; none?: string };

/** The option holding the items' title as a display template. */
export type TitleOption = { id: string; name: string; label: string; value: string | null };

/**
 * The options of a layout that places its items by fields (the calendar by its dates, the kanban board by its
 * group): `children` first (the calendar's Show), then a select per field option, then the items' title template.
 */
export function BoardOptions(props: {
  fields: FieldOption[];
  title: TitleOption;
  options: LayoutOptions;
  setOptions(options: LayoutOptions): void;
  children?: ComponentChildren;
}) {
  const { fields, title, options, setOptions, children } = props;
  const set = optionSetter(options, setOptions);
  return (
    <OptionsPanel>
      {children}
      {fields.map((field) => (
        <OptionSelect
          key={field.id}
          id={field.id}
          label={field.label}
          value={field.value}
          choices={field.fields.map((path) => ({ value: path.path, label: path.label }))}
          none={field.none}
          choose={(value) => set(field.name, value)}
        />
      ))}
      <TemplateOption id={title.id} label={title.label} value={title.value} choose={(value) => set(title.name, value)} />
    </OptionsPanel>
  );
}

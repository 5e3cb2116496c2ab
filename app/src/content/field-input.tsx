import { fieldLabel } from './content-api.js';
import type { FormField } from './form-fields.js';
import { ManyToOnePicker } from './many-to-one-picker.js';
import { ReadOnlyTag } from './read-only-tag.js';
import { FileField } from '../files/file-field.js';
import { isFilesCollection } from '../files/files-api.js';
import { basicInterface } from '../interfaces/basic-interfaces.js';
import { LazyInterface } from '../interfaces/lazy-interface.js';
import { systemLabel } from '../ui/system-label.js';
import { richInterface } from '../interfaces/rich-interfaces.js';

const INPUT_TYPE: Partial<Record<FormField['kind'], string>> = { date: 'date', time: 'time', datetime: 'datetime-local' };

/** One field of the item form: a visible label, the input its type calls for, its note and its error. */
export function FieldInput({
  field,
  text,
  error,
  onChange,
  inputId,
}: {
  field: FormField;
  text: string;
  error: string | null;
  onChange(text: string): void;
  /** The input's id when the same field shows more than once (a translations tab per language). */
  inputId?: string;
}) {
  const id = inputId ?? `field-${field.field}`;
  const described = [field.note ? `${id}-note` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.field,
    'aria-describedby': described,
    'aria-invalid': error ? true : undefined,
    required: field.required,
  };

  let input;
  // An interface by `meta.interface` (each its own chunk, loaded by LazyInterface): the basic ones, then the rich editors.
  const editor = (field.relation ? undefined : basicInterface(field.interface)) ?? richInterface(field);
  const interfaceProps = {
    id,
    field,
    text,
    describedBy: described,
    invalid: Boolean(error),
    readOnly: field.readOnly,
    onChange,
  };
  if (editor) {
    input = <LazyInterface load={editor} {...interfaceProps} />;
  } else if (field.relation?.kind === 'm2o' && isFilesCollection(field.relation.related)) {
    input = <FileField id={id} field={field} text={text} describedBy={described} invalid={Boolean(error)} onChange={onChange} />;
  } else if (field.relation?.kind === 'm2o') {
    input = (
      <ManyToOnePicker
        id={id}
        field={field}
        related={field.relation.related}
        text={text}
        describedBy={described}
        invalid={Boolean(error)}
        onChange={onChange}
      />
    );
  } else if (field.kind === 'boolean') {
    input = (
      <input
        {...common}
        type="checkbox"
        checked={text === 'true'}
        disabled={field.readOnly}
        onChange={(e) => onChange(e.currentTarget.checked ? 'true' : 'false')}
      />
    );
  } else if (field.kind === 'select') {
    input = (
      <select {...common} value={text} disabled={field.readOnly} onChange={(e) => onChange(e.currentTarget.value)}>
        {!field.required && <option value="">—</option>}
        {field.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.text}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'textarea' || field.kind === 'json') {
    input = (
      <textarea
        {...common}
        rows={field.kind === 'json' ? 6 : 4}
        readOnly={field.readOnly}
        value={text}
        onInput={(e) => onChange(e.currentTarget.value)}
      />
    );
  } else {
    input = (
      <input
        {...common}
        type={INPUT_TYPE[field.kind] ?? 'text'}
        step={field.kind === 'time' || field.kind === 'datetime' ? 1 : undefined}
        inputMode={field.kind === 'integer' ? 'numeric' : field.kind === 'float' ? 'decimal' : undefined}
        maxLength={field.maxLength ?? undefined}
        readOnly={field.readOnly}
        value={text}
        onInput={(e) => onChange(e.currentTarget.value)}
      />
    );
  }

  return (
    <div class={`field${field.kind === 'boolean' ? ' checkbox' : ''}`}>
      <label for={id}>
        {fieldLabel(field.field)}
        {field.required && <span aria-hidden="true"> *</span>}
        {field.readOnly && <ReadOnlyTag />}
      </label>
      {input}
      {field.note && (
        <p id={`${id}-note`} class="help">
          {systemLabel(field.note)}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} class="error">
          {error}
        </p>
      )}
    </div>
  );
}

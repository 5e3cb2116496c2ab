/** The inputs of the data model's forms: a text input and a check box, each with its label (and error, help) tied to it. */

export function TextInput({
  id,
  label,
  value,
  error,
  help,
  onInput,
  readOnly,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  help?: string;
  onInput: (value: string) => void;
  readOnly?: boolean;
}) {
  const described = [error ? `${id}-error` : '', help ? `${id}-help` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        value={value}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      {help && (
        <p class="help" id={`${id}-help`}>
          {help}
        </p>
      )}
      {error && (
        <p class="error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function Check({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <div class="field checkbox inline-check">
      <input type="checkbox" id={id} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />{' '}
      <label for={id}>{label}</label>
    </div>
  );
}

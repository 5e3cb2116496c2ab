import type { ComponentChildren } from 'preact';
import type { FormField } from './form-fields.js';
import { t } from '../i18n/t.js';
import { ReadOnlyTag } from './read-only-tag.js';
import { systemLabel } from '../ui/system-label.js';

/**
 * The frame of a relational field in the item form (one-to-many, many-to-many, many-to-any, translations): a
 * fieldset named by the field, a notice (what the user may not read), the read's error or "Loading…", the list, and
 * the field's note (a `$t:` note in words).
 */
export function RelationFieldset({
  id,
  field,
  label,
  class: className,
  notice,
  error,
  loading,
  children,
}: {
  id: string;
  field: FormField;
  label: string;
  class: string;
  notice?: ComponentChildren;
  error: string | null;
  loading: boolean;
  children: ComponentChildren;
}) {
  return (
    <fieldset class={`field ${className}`} aria-describedby={field.note ? `${id}-note` : undefined}>
      <legend>
        {label}
        {field.readOnly && <ReadOnlyTag />}
      </legend>
      {notice}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {loading && !error && <p aria-live="polite">{t('Loading…')}</p>}
      {children}
      {field.note && (
        <p id={`${id}-note`} class="help">
          {systemLabel(field.note)}
        </p>
      )}
    </fieldset>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import { errorStatus, requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { batchPayload } from './batch-payload.js';
import { fieldLabel } from './content-api.js';
import { FieldInput } from './field-input.js';
import { errorsByField, type FormField } from './form-fields.js';
import { updateMany } from './table-api.js';
import { plural, t } from '../i18n/t.js';

type Props = { collection: string; fields: FormField[]; keys: string[]; done(count: number): void; cancel(): void };

/**
 * Batch edit of the selected items: the fields the user may update, each with a "Change" box (ticked as soon as
 * its value is edited); "Apply" sends the ticked fields' values to every selected item in one `updateItems`. The
 * API's refusals show on their field, others above the buttons.
 */
export function BatchEdit({ collection, fields, keys, done, cancel }: Props) {
  const { client } = useSession();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);

  const mark = (field: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(field);
    else next.delete(field);
    setChosen(next);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const payload = batchPayload(fields, chosen, texts);
    setErrors(payload.errors);
    setGeneral([]);
    if (Object.keys(payload.errors).length > 0) return;
    setSaving(true);
    try {
      await updateMany(client, collection, keys, payload.data);
      done(keys.length);
    } catch (failure) {
      const found = errorsByField(failure);
      setErrors(found.fields);
      if (errorStatus(failure) === 403) setGeneral([t('You do not have permission to change these items.')]);
      else setGeneral(found.general.length > 0 || Object.keys(found.fields).length > 0 ? found.general : [requestMessage(failure)]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section class="batch-edit" aria-labelledby="batch-title">
      <h2 id="batch-title" tabIndex={-1} ref={title}>
        {plural(keys.length, 'Edit {count} item of {collection}', 'Edit {count} items of {collection}', {
          collection: fieldLabel(collection),
        })}
      </h2>
      <p class="help">
        {t('Tick the fields to change: their values are applied to every selected item. An empty value clears the field.')}
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {fields.map((field) => (
          <div key={field.field} class="batch-field">
            <p class="apply">
              <input
                type="checkbox"
                id={`apply-${field.field}`}
                checked={chosen.has(field.field)}
                onChange={(e) => mark(field.field, e.currentTarget.checked)}
              />
              <label for={`apply-${field.field}`}>{t('Change {field}', { field: fieldLabel(field.field) })}</label>
            </p>
            <FieldInput
              field={field}
              text={texts[field.field] ?? (field.kind === 'boolean' ? 'false' : '')}
              error={errors[field.field] ?? null}
              onChange={(text) => {
                setTexts({ ...texts, [field.field]: text });
                mark(field.field, true);
              }}
            />
          </div>
        ))}
        {general.map((message) => (
          <p key={message} class="error" role="alert">
            {message}
          </p>
        ))}
        {Object.keys(errors).length > 0 && general.length === 0 && (
          <p class="error" role="alert">
            {t('Some values were not accepted; see the fields above.')}
          </p>
        )}
        <div class="actions">
          <button type="submit" class="primary" disabled={saving || chosen.size === 0}>
            {plural(keys.length, 'Apply to {count} item', 'Apply to {count} items')}
          </button>
          <button type="button" onClick={cancel}>
            {t('Cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}

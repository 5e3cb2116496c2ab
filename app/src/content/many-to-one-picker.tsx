import { useEffect, useState } from 'preact/hooks';
import { useSession } from '../auth/session.js';
import { t } from '../i18n/t.js';
import { fieldLabel } from './content-api.js';
import type { DisplayPlan, RelatedOption } from './display-value.js';
import type { FormField } from './form-fields.js';
import { readDisplayPlan, readRelatedOption, searchRelated } from './related-api.js';
import { RelatedSearch } from './related-search.js';

type Props = {
  id: string;
  field: FormField;
  related: string;
  text: string;
  describedBy?: string;
  invalid: boolean;
  onChange(text: string): void;
};

/**
 * A many-to-one field: the related item's display value, a search of the related collection to choose another,
 * and "Clear" when the field may be empty. Read-only when the user may not update the field; a plain key input
 * when they may not read the related collection (or it is a system collection without a picker).
 */
export function ManyToOnePicker({ id, field, related, text, describedBy, invalid, onChange }: Props) {
  const { client } = useSession();
  const [plan, setPlan] = useState<DisplayPlan | null | undefined>(undefined);
  const [chosen, setChosen] = useState<RelatedOption | null>(null);

  useEffect(() => {
    readDisplayPlan(client, related, field.template).then(setPlan, () => setPlan(null));
  }, [client, related, field.template]);

  useEffect(() => {
    if (text === '') return setChosen(null);
    // Chosen from the list: its text is known already.
    if (chosen && String(chosen.key) === text) return;
    if (plan === undefined) return;
    if (plan === null) return setChosen({ key: text, text });
    let cancelled = false;
    void readRelatedOption(client, plan, text).then((option) => {
      if (!cancelled) setChosen(option);
    });
    return () => {
      cancelled = true;
    };
  }, [client, plan, text]);

  if (plan === null) {
    return (
      <>
        <input
          id={id}
          name={field.field}
          type="text"
          value={text}
          readOnly={field.readOnly}
          required={field.required}
          aria-describedby={describedBy}
          aria-invalid={invalid ? true : undefined}
          onInput={(e) => onChange(e.currentTarget.value)}
        />
        {!field.readOnly && <p class="help">{t('The key of an item of {collection}.', { collection: fieldLabel(related) })}</p>}
      </>
    );
  }
  const readOnly = field.readOnly || plan === undefined;
  return (
    <div class="picker">
      <RelatedSearch
        id={id}
        display={chosen?.text ?? text}
        search={(query) => (plan ? searchRelated(client, plan, query) : Promise.resolve([]))}
        onChoose={(option) => {
          setChosen(option);
          onChange(String(option.key));
        }}
        readOnly={readOnly}
        required={field.required}
        describedBy={describedBy}
        invalid={invalid}
        placeholder={t('Search {collection}', { collection: fieldLabel(related) })}
      />
      {!readOnly && !field.required && text !== '' && (
        <button type="button" onClick={() => onChange('')}>
          {t('Clear')}
          <span class="visually-hidden"> {fieldLabel(field.field)}</span>
        </button>
      )}
    </div>
  );
}

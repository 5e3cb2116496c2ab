import { t } from '../i18n/t.js';
import { TextInput } from './editor-inputs.js';
import type { FieldDraft } from './field-draft.js';
import { showsChoices, showsTemplate } from './field-presentation.js';
import { displayChoices, interfaceChoices, type Choice } from './interface-choices.js';

/** A choice of interface or display: the default first, then those that fit (and the field's own, if the app has no such one). */
function ChoiceSelect({
  id,
  label,
  value,
  none,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  none: string;
  choices: Choice[];
  onChange: (value: string) => void;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{none}</option>
        {value !== '' && !choices.some((choice) => choice.id === value) && <option value={value}>{value}</option>}
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {t(choice.label)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * How the field is edited and shown: its interface (those that fit its type or relation), the choices of a
 * choice interface (`value = Label` lines), its display, and a relational field's display template.
 */
export function PresentationFields({
  draft,
  set,
}: {
  draft: FieldDraft;
  set: <K extends keyof FieldDraft>(key: K) => (value: FieldDraft[K]) => void;
}) {
  return (
    <fieldset class="relation-list spaced">
      <legend>{t('Interface and display')}</legend>
      <ChoiceSelect
        id="fe-interface"
        label={t('Interface')}
        value={draft.interface}
        none={t('Default for the type')}
        choices={interfaceChoices(draft.type, draft.relation)}
        onChange={set('interface')}
      />
      {showsChoices(draft) && (
        <div class="field">
          <label for="fe-choices">{t('Choices')}</label>
          <textarea
            id="fe-choices"
            rows={3}
            aria-describedby="fe-choices-help"
            value={draft.choices}
            onInput={(e) => set('choices')(e.currentTarget.value)}
          />
          <p class="help" id="fe-choices-help">
            {draft.interface === ''
              ? t('One a line: a value, or value = label. Empty for free input.')
              : t('One a line: a value, or value = label.')}
          </p>
        </div>
      )}
      <ChoiceSelect
        id="fe-display"
        label={t('Display')}
        value={draft.display}
        none={t('Default (the value as text)')}
        choices={displayChoices(draft.type, draft.relation)}
        onChange={set('display')}
      />
      {showsTemplate(draft) && (
        <TextInput
          id="fe-template"
          label={t('Display template')}
          value={draft.template}
          help={`${t('Fields in double braces, such as {example}.', { example: '{{title}}' })} ${t("Empty: the related collection's own.")}`}
          onInput={set('template')}
        />
      )}
    </fieldset>
  );
}

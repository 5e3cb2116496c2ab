import { TRIGGER_LABELS, TRIGGERS, type Trigger } from './flow-model.js';
import { t } from '../i18n/t.js';

/** The labelled choice of a flow's trigger (the new-flow form and the flow's settings). */
export function TriggerField({ id, value, onChange }: { id: string; value: Trigger; onChange: (trigger: Trigger) => void }) {
  return (
    <div class="field">
      <label for={id}>{t('Trigger')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value as Trigger)}>
        {TRIGGERS.map((trigger) => (
          <option key={trigger} value={trigger}>
            {t(TRIGGER_LABELS[trigger])}
          </option>
        ))}
      </select>
    </div>
  );
}

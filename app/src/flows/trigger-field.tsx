import { TRIGGER_LABELS, TRIGGERS, type Trigger } from './flow-model.js';

/** The labelled choice of a flow's trigger (the new-flow form and the flow's settings). */
export function TriggerField({ id, value, onChange }: { id: string; value: Trigger; onChange: (trigger: Trigger) => void }) {
  return (
    <div class="field">
      <label for={id}>Trigger</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value as Trigger)}>
        {TRIGGERS.map((t) => (
          <option key={t} value={t}>
            {TRIGGER_LABELS[t]}
          </option>
        ))}
      </select>
    </div>
  );
}

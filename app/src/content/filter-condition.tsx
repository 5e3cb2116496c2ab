import type { FieldPath } from './field-paths.js';
import { operatorLabel, operatorsForType, valueShape } from './filter-operators.js';
import { withField, withOperator, type FilterRule } from './filter-tree.js';
import { dynamicChoices, dynamicValueOf, type DynamicValue } from './filter-value.js';
import { msg, t } from '../i18n/t.js';

const DYNAMIC_LABELS: Record<DynamicValue, string> = {
  $NOW: msg('Now ($NOW)'),
  $CURRENT_USER: msg('Current user ($CURRENT_USER)'),
  $CURRENT_ROLE: msg('Current role ($CURRENT_ROLE)'),
  $CURRENT_ROLES: msg('Current roles ($CURRENT_ROLES)'),
  $CURRENT_POLICIES: msg('Current policies ($CURRENT_POLICIES)'),
};
/** A value input of a condition: one value, a list, or a range's bounds; with its label and its dynamic value's label. */
type Slot = { kind: 'value' | 'list' | 'from' | 'to'; label: string; dynamic: string };
const INPUT_TYPES: Record<string, string> = { date: 'date', dateTime: 'datetime-local', timestamp: 'datetime-local', time: 'time' };

type ConditionProps = {
  /** The DOM id prefix and the human number of the condition (`2.1`). */
  id: string;
  number: string;
  rule: FilterRule;
  paths: FieldPath[];
  error: string | undefined;
  onChange(rule: FilterRule): void;
  onRemove(): void;
};

/** One condition of the filter builder: field, operator and the value inputs the operator takes. */
export function FilterCondition({ id, number, rule, paths, error, onChange, onRemove }: ConditionProps) {
  const field = paths.find((p) => p.path === rule.field);
  const type = field?.type ?? 'string';
  const operators = operatorsForType(type);
  const shape = valueShape(rule.operator);
  const errorId = error ? `${id}-error` : undefined;
  const setValue = (index: number, text: string) => onChange({ ...rule, values: rule.values.map((v, i) => (i === index ? text : v)) });
  const slots: Slot[] =
    shape === 'range'
      ? [
          { kind: 'from', label: t('From'), dynamic: t('Dynamic from') },
          { kind: 'to', label: t('To'), dynamic: t('Dynamic to') },
        ]
      : shape === 'none'
        ? []
        : shape === 'list'
          ? [{ kind: 'list', label: t('Values, separated by commas'), dynamic: t('Dynamic values, separated by commas') }]
          : [{ kind: 'value', label: t('Value'), dynamic: t('Dynamic value') }];

  return (
    <fieldset class="condition">
      <legend>{t('Condition {number}', { number })}</legend>
      <span class="part">
        <label for={`${id}-field`}>{t('Field')}</label>
        <select
          id={`${id}-field`}
          value={rule.field}
          onChange={(e) => {
            const next = paths.find((p) => p.path === e.currentTarget.value);
            if (next) onChange(withField(rule, next.path, next.type));
          }}
        >
          {!field && <option value={rule.field}>{rule.field}</option>}
          {paths.map((p) => (
            <option key={p.path} value={p.path}>
              {p.label}
            </option>
          ))}
        </select>
      </span>
      <span class="part">
        <label for={`${id}-operator`}>{t('Operator')}</label>
        <select
          id={`${id}-operator`}
          value={rule.operator}
          onChange={(e) => onChange(withOperator(rule, e.currentTarget.value as FilterRule['operator']))}
        >
          {!operators.includes(rule.operator) && <option value={rule.operator}>{operatorLabel(rule.operator)}</option>}
          {operators.map((operator) => (
            <option key={operator} value={operator}>
              {operatorLabel(operator)}
            </option>
          ))}
        </select>
      </span>
      {slots.map((slot, index) => (
        <ValueSlot
          key={slot.kind}
          id={`${id}-value-${index}`}
          slot={slot}
          field={field}
          single={shape === 'one'}
          text={rule.values[index] ?? ''}
          describedBy={errorId}
          onChange={(text) => setValue(index, text)}
        />
      ))}
      <button type="button" class="remove" onClick={onRemove}>
        {t('Remove condition')}
      </button>
      {error && (
        <p id={errorId} class="error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

type SlotProps = {
  id: string;
  slot: Slot;
  field: FieldPath | undefined;
  single: boolean;
  text: string;
  describedBy: string | undefined;
  onChange(text: string): void;
};

/** One value of a condition: an input fit for the field's type, and a choice of its dynamic values when it has some. */
function ValueSlot({ id, slot, field, single, text, describedBy, onChange }: SlotProps) {
  const list = slot.kind === 'list';
  const dynamic = field ? dynamicChoices(field, list) : [];
  const current = field ? dynamicValueOf(field, text) : null;
  const common = { id, 'aria-describedby': describedBy, 'aria-invalid': describedBy ? true : undefined };
  let input;
  if (!current && single && field?.type === 'boolean') {
    input = (
      <select {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{t('Choose')}</option>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    );
  } else if (!current && single && field && field.choices.length > 0) {
    input = (
      <select {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{t('Choose')}</option>
        {field.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.text}
          </option>
        ))}
      </select>
    );
  } else {
    const type = current || list ? 'text' : (INPUT_TYPES[field?.type ?? ''] ?? 'text');
    input = (
      <input
        {...common}
        type={type}
        step={type === 'time' || type === 'datetime-local' ? 1 : undefined}
        value={text}
        onInput={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  return (
    <>
      {dynamic.length > 0 && (
        <span class="part">
          <label for={`${id}-dynamic`}>{slot.dynamic}</label>
          <select id={`${id}-dynamic`} value={current ?? ''} onChange={(e) => onChange(e.currentTarget.value)}>
            <option value="">{t('None (enter a value)')}</option>
            {dynamic.map((value) => (
              <option key={value} value={value}>
                {t(DYNAMIC_LABELS[value])}
              </option>
            ))}
          </select>
        </span>
      )}
      <span class="part">
        <label for={id}>{slot.label}</label>
        {input}
      </span>
    </>
  );
}

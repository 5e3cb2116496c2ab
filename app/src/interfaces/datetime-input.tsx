import { useEffect, useState } from 'preact/hooks';
import { fieldLabel } from '../content/content-api.js';
import { locale, t } from '../i18n/t.js';
import { formatDateTime, from12, joinDateTime, splitDateTime, to12, type DateTimeDraft } from './datetime-parts.js';
import type { InterfaceProps } from './interface-props.js';
import { nowText } from './interface-values.js';
import { ReadOnlyValue } from './read-only-value.js';

/**
 * `datetime`: the browser's date input for the day, and for the time an hour, a minute and (with
 * `options.includeSeconds`) a second box, on the 24-hour clock or (`use24: false`) the 12-hour one with AM/PM
 * (a native time input follows the browser's locale and cannot be told which); a "Now" button. Read-only, the
 * value as text on the same clock.
 */
export function DateTimeInput({ id, field, text, describedBy, invalid, readOnly, onChange }: InterfaceProps) {
  const seconds = field.options['includeSeconds'] === true;
  const use24 = field.options['use24'] !== false;
  const label = fieldLabel(field.field);
  const [draft, setDraft] = useState<DateTimeDraft>(() => splitDateTime(text, field.type));
  // A value from outside (loaded, "Now", saved) replaces what is typed, unless it is what the boxes already say.
  useEffect(() => {
    if (joinDateTime(draft, field.type, seconds) !== text) setDraft(splitDateTime(text, field.type));
  }, [text]);

  const now = !readOnly && (
    <button type="button" onClick={() => onChange(nowText(field.type, new Date(), seconds))}>
      {t('Now')}
      <span class="visually-hidden"> {t('for {field}', { field: label })}</span>
    </button>
  );
  const invalidAttr = invalid ? true : undefined;

  if (field.type === 'date') {
    return (
      <span class="datetime">
        <input
          id={id}
          name={field.field}
          type="date"
          value={text}
          readOnly={readOnly}
          required={field.required}
          aria-describedby={describedBy}
          aria-invalid={invalidAttr}
          onInput={(e) => onChange(e.currentTarget.value)}
        />
        {now}
      </span>
    );
  }
  if (readOnly) {
    return <ReadOnlyValue id={id} describedBy={describedBy} value={formatDateTime(text, field.type, use24, seconds, locale())} />;
  }

  const update = (change: Partial<DateTimeDraft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    const joined = joinDateTime(next, field.type, seconds);
    if (joined !== null) onChange(joined);
  };
  const hourShown = draft.hour === '' || use24 || !/^\d+$/.test(draft.hour) ? draft.hour : String(to12(Number(draft.hour)).hour);
  const setHour = (value: string) => {
    const n = Number(value);
    if (use24 || value.trim() === '' || !Number.isInteger(n) || n < 1 || n > 12) update({ hour: value });
    else update({ hour: String(from12(n, draft.pm)) });
  };
  const part = (name: string) => ({
    'aria-describedby': describedBy,
    'aria-invalid': invalidAttr,
    class: 'time-part',
    type: 'number',
    inputMode: 'numeric' as const,
    name: `${field.field}-${name}`,
  });

  return (
    <span class="datetime">
      {field.type !== 'time' && (
        <input
          id={id}
          name={field.field}
          type="date"
          value={draft.date}
          required={field.required}
          aria-describedby={describedBy}
          aria-invalid={invalidAttr}
          onInput={(e) => update({ date: e.currentTarget.value })}
        />
      )}
      <span class="time-parts">
        <input
          {...part('hour')}
          id={field.type === 'time' ? id : `${id}-hour`}
          aria-label={t('{field}: hour', { field: label })}
          min={use24 ? 0 : 1}
          max={use24 ? 23 : 12}
          value={hourShown}
          onInput={(e) => setHour(e.currentTarget.value)}
        />
        <span aria-hidden="true">:</span>
        <input
          {...part('minute')}
          id={`${id}-minute`}
          aria-label={t('{field}: minute', { field: label })}
          min={0}
          max={59}
          value={draft.minute}
          onInput={(e) => update({ minute: e.currentTarget.value })}
        />
        {seconds && (
          <>
            <span aria-hidden="true">:</span>
            <input
              {...part('second')}
              id={`${id}-second`}
              aria-label={t('{field}: second', { field: label })}
              min={0}
              max={59}
              value={draft.second}
              onInput={(e) => update({ second: e.currentTarget.value })}
            />
          </>
        )}
        {!use24 && (
          <select
            id={`${id}-period`}
            aria-label={t('{field}: AM or PM', { field: label })}
            value={draft.pm ? 'pm' : 'am'}
            onChange={(e) => {
              const pm = e.currentTarget.value === 'pm';
              const hour = Number(draft.hour);
              const moved = draft.hour !== '' && Number.isInteger(hour) ? String(from12(to12(hour).hour, pm)) : draft.hour;
              update({ pm, hour: moved });
            }}
          >
            <option value="am">{t('AM')}</option>
            <option value="pm">{t('PM')}</option>
          </select>
        )}
      </span>
      {now}
    </span>
  );
}

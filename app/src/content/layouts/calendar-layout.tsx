import { Link } from 'wouter-preact';
import { useSession } from '../../auth/session.js';
import type { PageQuery } from '../content-api.js';
import { displayText } from '../display-value.js';
import { itemHref, textOption, type LayoutOptions } from '../list-layout.js';
import type { TableSchema } from '../table-api.js';
import {
  bothFilters,
  itemsByDay,
  monthGrid,
  monthText,
  monthTitle,
  parseMonth,
  rangeFilter,
  shiftDay,
  shiftMonth,
  weekDays,
  weekdayNames,
  weekOf,
  weekTitle,
} from './calendar-grid.js';
import { readMatching } from './layout-api.js';
import { cardFields, cardPlan, chosenField, dateFields } from './layout-fields.js';
import { BoardOptions } from './board-options.js';
import { OptionSelect, optionSetter } from './options-panel.js';
import { t } from '../../i18n/t.js';
import { useLayoutRead } from './use-layout-read.js';

type Props = {
  collection: string;
  label: string;
  schema: TableSchema;
  query: PageQuery;
  options: LayoutOptions;
  setOptions(options: LayoutOptions): void;
  /** Grows when the collection changed on the server (read again). */
  changes: number;
};

/** At most this many items are read for one month. */
const MONTH_LIMIT = 500;

/**
 * The calendar layout: a month of items by a date field (a start, and an optional end for items that span days),
 * each item a link in its day's cell; previous, next and this month. Only the shown weeks are read (with the
 * toolbar's search and filter).
 */
export function CalendarLayout({ collection, label, schema, query, options, setOptions, changes }: Props) {
  const { client } = useSession();
  const dates = dateFields(schema.paths);
  const start = chosenField(
    options,
    'startDateField',
    dates.map((d) => d.path),
  );
  const endChosen = textOption(options, 'endDateField');
  const end = endChosen && endChosen !== start && dates.some((d) => d.path === endChosen) ? endChosen : null;
  const today = new Date();
  const month = parseMonth(options.month, today);
  // The month, or (option `view: week`) one week from its Monday.
  const weekly = options.view === 'week';
  const monday = weekOf(options.week, today);
  const weeks = weekly ? [weekDays(monday)] : monthGrid(month);
  const days = weeks.flat();
  const plan = cardPlan(collection, schema, { title: textOption(options, 'template') });
  const fields = cardFields(plan, [start, end]);
  const type = dates.find((d) => d.path === start)?.type ?? 'dateTime';
  const filter = start ? bothFilters(query.filter, rangeFilter(start, end, type, days[0]!, days.at(-1)!)) : null;
  const key = start ? JSON.stringify([collection, fields, filter, query.search]) : null;
  const read = useLayoutRead(
    key,
    () => readMatching(client, collection, { fields, filter, search: query.search, limit: MONTH_LIMIT, sort: [start!] }),
    changes,
  );
  const rows = read.value;
  const error = read.error;

  const set = optionSetter(options, setOptions);
  const placed = start && rows ? itemsByDay(rows, start, end, days) : new Map<string, Record<string, unknown>[]>();
  const todayText = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const title = weekly ? weekTitle(monday) : monthTitle(month);
  const shift = (by: number) => (weekly ? set('week', shiftDay(monday, 7 * by)) : set('month', monthText(shiftMonth(month, by))));

  return (
    <>
      <BoardOptions
        fields={[
          { id: 'calendar-start', name: 'startDateField', label: t('Start date field'), value: start, fields: dates },
          { id: 'calendar-end', name: 'endDateField', label: t('End date field'), value: end, fields: dates, none: t('None') },
        ]}
        title={{ id: 'calendar-template', name: 'template', label: t('Title'), value: plan.title.template }}
        options={options}
        setOptions={setOptions}
      >
        <OptionSelect
          id="calendar-view"
          label={t('Show')}
          value={weekly ? 'week' : 'month'}
          choices={[
            { value: 'month', label: t('Month') },
            { value: 'week', label: t('Week') },
          ]}
          choose={(v) => set('view', v === 'week' ? 'week' : undefined)}
        />
      </BoardOptions>
      <nav class="calendar-nav" aria-label={weekly ? t('Weeks') : t('Months')}>
        <button type="button" onClick={() => shift(-1)}>
          {weekly ? t('Previous week') : t('Previous month')}
        </button>
        <button type="button" onClick={() => setOptions({ ...options, month: undefined, week: undefined })}>
          {t('Today')}
        </button>
        <button type="button" onClick={() => shift(1)}>
          {weekly ? t('Next week') : t('Next month')}
        </button>
      </nav>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {rows && rows.length >= MONTH_LIMIT && <p>{t('Only the first {count} items of these weeks are shown.', { count: MONTH_LIMIT })}</p>}
      <table class="calendar" aria-busy={!read.fresh}>
        <caption>
          <span class="visually-hidden">{label}: </span>
          {title}
        </caption>
        <thead>
          <tr>
            {weekdayNames().map((day) => (
              <th key={day.long} scope="col" abbr={day.long}>
                {day.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const items = placed.get(day) ?? [];
                const inMonth = weekly || day.slice(0, 7) === monthText(month);
                return (
                  <td key={day} class={inMonth ? undefined : 'outside'} aria-current={day === todayText ? 'date' : undefined}>
                    <time dateTime={day}>{Number(day.slice(8))}</time>
                    {items.length > 0 && (
                      <ul>
                        {items.map((row) => {
                          const id = String(row[plan.title.primaryKey]);
                          return (
                            <li key={id}>
                              <Link href={itemHref(collection, id)}>{displayText(plan.title, row)}</Link>
                            </li>
                          );
                        })}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

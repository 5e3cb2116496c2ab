import { useRef, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { errorStatus, requestMessage } from '../../api/errors.js';
import { useSession } from '../../auth/session.js';
import { updateOne, type PageQuery } from '../content-api.js';
import { displayText } from '../display-value.js';
import { allows } from '../form-fields.js';
import { itemHref, textOption, type LayoutOptions } from '../list-layout.js';
import type { TableSchema } from '../table-api.js';
import { boardColumns, columnFilter, moveCard, type BoardColumn, type ChoiceValue } from './kanban-board.js';
import { readMatching } from './layout-api.js';
import { cardFields, cardPlan, choiceFields, chosenField } from './layout-fields.js';
import { BoardOptions } from './board-options.js';
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
type Row = Record<string, unknown>;

/** Cards read per column at first, and added by each "Load more". */
const COLUMN_LIMIT = 25;
const valueKey = (value: ChoiceValue) => value ?? '';

/**
 * The kanban layout: a column per choice of a field (and "No value"), each read with a limit and "Load more"; a
 * card moves to another column by drag or by its "Move to" select, which changes the item's field (a refused
 * change puts it back and says so). Without the right to change the field, cards do not move.
 */
export function KanbanLayout({ collection, label, schema, query, options, setOptions, changes }: Props) {
  const { client } = useSession();
  const groups = choiceFields(schema.paths);
  const group = chosenField(
    options,
    'groupField',
    groups.map((g) => g.path),
  );
  const choices = groups.find((g) => g.path === group)?.choices ?? [];
  const plan = cardPlan(collection, schema, { title: textOption(options, 'title') });
  const fields = cardFields(plan, [group]);
  const keyOf = (row: Row) => String(row[plan.title.primaryKey]);
  const canMove = group !== null && allows(schema.access.update, group);
  const [limits, setLimits] = useState<Record<string, number>>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const dragged = useRef<string | null>(null);
  const sort = query.sort ? [query.sort] : [schema.sortField ?? plan.title.primaryKey];
  const key = group ? JSON.stringify([collection, group, fields, query.filter, query.search, sort, limits]) : null;
  const read = useLayoutRead(
    key,
    () =>
      Promise.all(
        boardColumns(choices, t('No value')).map(async (column) => {
          const limit = limits[valueKey(column.value)] ?? COLUMN_LIMIT;
          const filter = columnFilter(query.filter, group!, column.value);
          const rows = await readMatching(client, collection, { fields, filter, search: query.search, limit: limit + 1, sort });
          return { ...column, rows: rows.slice(0, limit), more: rows.length > limit } as BoardColumn<Row>;
        }),
      ),
    changes,
  );
  const board = read.value;
  const setBoard = read.set;

  const titleOf = (value: ChoiceValue) => board?.find((c) => c.value === value)?.title ?? '';
  const move = async (id: string, to: ChoiceValue) => {
    if (!board || !group) return;
    const before = board;
    const after = moveCard(board, keyOf, id, to);
    if (after === before) return;
    const card = before.flatMap((c) => c.rows).find((row) => keyOf(row) === id)!;
    setBoard(after);
    try {
      await updateOne(client, collection, id, { [group]: to });
      setMessage({ text: t('Moved "{title}" to {column}.', { title: displayText(plan.title, card), column: titleOf(to) }), error: false });
    } catch (failure) {
      setBoard(before);
      const refused = errorStatus(failure) === 403;
      setMessage({
        text: refused
          ? t('You may not move "{title}": it is back in its column.', { title: displayText(plan.title, card) })
          : requestMessage(failure),
        error: true,
      });
    }
  };

  return (
    <>
      <BoardOptions
        fields={[{ id: 'kanban-group', name: 'groupField', label: t('Group by'), value: group, fields: groups }]}
        title={{ id: 'kanban-title', name: 'title', label: t('Card title'), value: plan.title.template }}
        options={options}
        setOptions={setOptions}
      />
      {message && (
        <p class={message.error ? 'error' : undefined} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {read.error && (
        <p class="error" role="alert">
          {read.error}
        </p>
      )}
      {!board && !read.error && <p aria-live="polite">{t('Loading items…')}</p>}
      {board && (
        <div class="kanban" role="region" aria-label={t('{label} board', { label })} aria-busy={false}>
          {board.map((column) => {
            const headingId = `kanban-column-${valueKey(column.value) || 'none'}`;
            return (
              <section
                key={valueKey(column.value)}
                class="kanban-column"
                aria-labelledby={headingId}
                onDragOver={(event) => {
                  if (dragged.current) event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  const id = dragged.current;
                  dragged.current = null;
                  if (id) void move(id, column.value);
                }}
              >
                <h2 id={headingId}>
                  {column.title}{' '}
                  <span class="count">
                    ({column.rows.length}
                    {column.more ? '+' : ''})
                  </span>
                </h2>
                <ul>
                  {column.rows.map((row) => {
                    const id = keyOf(row);
                    const title = displayText(plan.title, row);
                    return (
                      <li
                        key={id}
                        class="card kanban-card"
                        draggable={canMove}
                        onDragStart={(event) => {
                          event.dataTransfer?.setData('text/plain', id);
                          dragged.current = id;
                        }}
                      >
                        {/* Not a link drag of its own: dragging the title drags the card. */}
                        <Link href={itemHref(collection, id)} draggable={false}>
                          {title}
                        </Link>
                        {canMove && (
                          <MoveTo id={id} title={title} current={column.value} columns={board} move={(to) => void move(id, to)} />
                        )}
                      </li>
                    );
                  })}
                </ul>
                {column.more && (
                  <button
                    type="button"
                    onClick={() => setLimits({ ...limits, [valueKey(column.value)]: column.rows.length + COLUMN_LIMIT })}
                  >
                    {t('Load more')}
                    <span class="visually-hidden"> {t('in {column}', { column: column.title })}</span>
                  </button>
                )}
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}

/** A card's keyboard way to another column: a select of the other columns and a Move button. */
function MoveTo(props: { id: string; title: string; current: ChoiceValue; columns: BoardColumn<Row>[]; move(to: ChoiceValue): void }) {
  const { id, title, current, columns, move } = props;
  const others = columns.filter((c) => c.value !== current);
  const [to, setTo] = useState(valueKey(others[0]?.value ?? null));
  const selectId = `move-${id}`;
  return (
    <p class="move-to">
      <label for={selectId}>
        {t('Move to')}
        <span class="visually-hidden"> {t('(for {title})', { title })}</span>
      </label>
      <select id={selectId} value={to} onChange={(e) => setTo(e.currentTarget.value)}>
        {others.map((c) => (
          <option key={valueKey(c.value)} value={valueKey(c.value)}>
            {c.title}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => move(others.find((c) => valueKey(c.value) === to)?.value ?? null)}>
        {t('Move')}
        <span class="visually-hidden"> {title}</span>
      </button>
    </p>
  );
}

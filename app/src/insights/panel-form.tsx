import { useEffect, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { readableCollections, readFields, type CollectionInfo, type FieldInfo } from '../content/content-api.js';
import { savePanel } from './insights-api.js';
import {
  AGGREGATES,
  defaultOptions,
  defaultSize,
  isPanelType,
  PANEL_LABELS,
  PANEL_TYPES,
  PRECISIONS,
  RANGES,
  type Panel,
  type PanelType,
} from './panel-model.js';
import { t } from '../i18n/t.js';

type Json = Record<string, unknown>;

const DATE_TYPES = new Set(['timestamp', 'dateTime', 'date']);
const NUMBER_TYPES = new Set(['integer', 'bigInteger', 'float', 'decimal']);

/** The panel being edited: an existing one, or a new one (id null) on the first free row. */
export type PanelDraft = Omit<Panel, 'id'> & { id: string | null };

export function newPanel(dashboard: string, below: number): PanelDraft {
  return {
    id: null,
    dashboard,
    name: null,
    icon: null,
    color: null,
    show_header: true,
    note: null,
    type: 'metric',
    position_x: 1,
    position_y: below,
    ...defaultSize('metric'),
    options: defaultOptions('metric'),
  };
}

function NumberField({
  id,
  label,
  value,
  min,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  onChange: (n: number) => void;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} type="number" min={min} step={1} required value={value} onInput={(e) => onChange(Number(e.currentTarget.value))} />
    </div>
  );
}

function Select({
  id,
  label,
  value,
  choices,
  onChange,
  help,
}: {
  id: string;
  label: string;
  value: string;
  choices: [string, string][];
  onChange: (v: string) => void;
  help?: string;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-describedby={help ? `${id}-help` : undefined}>
        {choices.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      {help && (
        <p id={`${id}-help`} class="help">
          {help}
        </p>
      )}
    </div>
  );
}

const fieldChoices = (fields: FieldInfo[], keep: (f: FieldInfo) => boolean, none: string): [string, string][] => [
  ['', none],
  ...fields.filter(keep).map((f): [string, string] => [f.field, f.field]),
];

/**
 * The form of a panel: its name, type and place on the grid, and the options of its type (collection, aggregate,
 * fields, a filter as JSON…). Saves through `/panels`, then calls `onSaved`.
 */
export function PanelForm({ draft, onSaved, onCancel }: { draft: PanelDraft; onSaved: () => void; onCancel: () => void }) {
  const { client } = useSession();
  const [panel, setPanel] = useState<PanelDraft>(draft);
  const [collections, setCollections] = useState<CollectionInfo[]>([]);
  const [fields, setFields] = useState<FieldInfo[]>([]);
  const [filterText, setFilterText] = useState(draft.options?.filter ? JSON.stringify(draft.options.filter) : '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const options: Json = panel.options ?? {};
  const collection = typeof options.collection === 'string' ? options.collection : '';
  const type: PanelType = isPanelType(panel.type) ? panel.type : 'label';

  useEffect(() => {
    readableCollections(client).then(setCollections, () => setCollections([]));
  }, [client]);
  // The form opens below the grid: the focus goes to its first field, so keyboard and screen reader users land in it.
  useEffect(() => {
    document.getElementById('panel-name')?.focus();
  }, []);
  useEffect(() => {
    if (collection === '') return setFields([]);
    readFields(client, collection).then(setFields, () => setFields([]));
  }, [client, collection]);

  const set = (values: Partial<PanelDraft>) => setPanel((p) => ({ ...p, ...values }));
  const setOption = (key: string, value: unknown) => setPanel((p) => ({ ...p, options: { ...(p.options ?? {}), [key]: value } }));
  const str = (key: string) => (typeof options[key] === 'string' ? (options[key] as string) : '');
  const all = () => true;
  const fn = str('function') || 'count';
  const valueFields = (key: string, label: string) => (
    <Select
      id={`panel-${key}`}
      label={label}
      value={str(key)}
      choices={fieldChoices(
        fields,
        fn === 'count' || fn === 'countDistinct' ? all : (f) => NUMBER_TYPES.has(f.type),
        fn === 'count' ? t('Every item') : t('Choose a field'),
      )}
      onChange={(v) => setOption(key, v)}
    />
  );
  const aggregateSelect = (
    <Select
      id="panel-function"
      label={t('Aggregate')}
      value={fn}
      choices={AGGREGATES.map((a) => [a, a])}
      onChange={(v) => setOption('function', v)}
    />
  );

  const save = (event: Event) => {
    event.preventDefault();
    setError(null);
    let filter: unknown = null;
    if (type !== 'label' && filterText.trim() !== '') {
      try {
        filter = JSON.parse(filterText);
      } catch {
        return setError(t('The filter is not valid JSON.'));
      }
      if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) return setError(t('The filter must be a JSON object.'));
    }
    const { id, ...values } = panel;
    const payload = { ...values, name: values.name?.trim() || null, options: type === 'label' ? options : { ...options, filter } };
    setSaving(true);
    savePanel(client, id, payload).then(
      () => {
        setSaving(false);
        onSaved();
      },
      (failure: unknown) => {
        setSaving(false);
        setError(requestMessage(failure));
      },
    );
  };

  return (
    <form class="item-form panel-form" aria-labelledby="panel-form-title" onSubmit={save}>
      <h2 id="panel-form-title">
        {panel.id === null ? t('New panel') : panel.name ? t('Edit panel: {name}', { name: panel.name }) : t('Edit panel')}
      </h2>
      <div class="field">
        <label for="panel-name">{t('Panel name')}</label>
        <input id="panel-name" value={panel.name ?? ''} onInput={(e) => set({ name: e.currentTarget.value })} />
      </div>
      <Select
        id="panel-type"
        label={t('Panel type')}
        value={type}
        choices={PANEL_TYPES.map((type) => [type, t(PANEL_LABELS[type])])}
        onChange={(v) => {
          const next = v as PanelType;
          const keep = typeof options.collection === 'string' && next !== 'label' ? { collection: options.collection } : {};
          set({ type: next, options: { ...defaultOptions(next), ...keep }, ...(panel.id === null ? defaultSize(next) : {}) });
        }}
      />
      <div class="field checkbox">
        <input
          id="panel-show-header"
          type="checkbox"
          checked={panel.show_header}
          onChange={(e) => set({ show_header: e.currentTarget.checked })}
        />
        <label for="panel-show-header">{t('Show the header (name)')}</label>
      </div>
      <fieldset class="panel-place">
        <legend>{t('Place on the grid (cells)')}</legend>
        <NumberField id="panel-x" label={t('Column')} min={1} value={panel.position_x} onChange={(n) => set({ position_x: n })} />
        <NumberField id="panel-y" label={t('Row')} min={1} value={panel.position_y} onChange={(n) => set({ position_y: n })} />
        <NumberField id="panel-width" label={t('Width')} min={1} value={panel.width} onChange={(n) => set({ width: n })} />
        <NumberField id="panel-height" label={t('Height')} min={1} value={panel.height} onChange={(n) => set({ height: n })} />
      </fieldset>
      {type === 'label' ? (
        <div class="field">
          <label for="panel-text">{t('Text')}</label>
          <textarea id="panel-text" rows={3} value={str('text')} onInput={(e) => setOption('text', e.currentTarget.value)} />
        </div>
      ) : (
        <>
          <Select
            id="panel-collection"
            label={t('Collection')}
            value={collection}
            choices={[['', t('Choose a collection')], ...collections.map((c): [string, string] => [c.collection, c.collection])]}
            onChange={(v) => setOption('collection', v)}
          />
          {type === 'metric' && (
            <>
              {aggregateSelect}
              {valueFields('field', t('Field'))}
              <div class="field">
                <label for="panel-prefix">{t('Prefix')}</label>
                <input id="panel-prefix" value={str('prefix')} onInput={(e) => setOption('prefix', e.currentTarget.value)} />
              </div>
              <div class="field">
                <label for="panel-suffix">{t('Suffix')}</label>
                <input id="panel-suffix" value={str('suffix')} onInput={(e) => setOption('suffix', e.currentTarget.value)} />
              </div>
              <NumberField
                id="panel-decimals"
                label={t('Decimals')}
                min={0}
                value={Number(options.decimals ?? 0)}
                onChange={(n) => setOption('decimals', n)}
              />
            </>
          )}
          {type === 'list' && (
            <>
              <div class="field">
                <label for="panel-template">{t('Display template')}</label>
                <input
                  id="panel-template"
                  value={str('displayTemplate')}
                  aria-describedby="panel-template-help"
                  onInput={(e) => setOption('displayTemplate', e.currentTarget.value)}
                />
                <p id="panel-template-help" class="help">
                  {t('Fields in double braces, such as {example}.', { example: '{{title}} ({{status}})' })}
                </p>
              </div>
              <Select
                id="panel-sort"
                label={t('Sort by')}
                value={str('sortField')}
                choices={fieldChoices(fields, all, t('No sort'))}
                onChange={(v) => setOption('sortField', v)}
              />
              <Select
                id="panel-direction"
                label={t('Direction')}
                value={str('sortDirection') || 'desc'}
                choices={[
                  ['desc', t('Descending')],
                  ['asc', t('Ascending')],
                ]}
                onChange={(v) => setOption('sortDirection', v)}
              />
              <NumberField
                id="panel-limit"
                label={t('Items shown')}
                min={1}
                value={Number(options.limit ?? 5)}
                onChange={(n) => setOption('limit', n)}
              />
            </>
          )}
          {type === 'time-series' && (
            <>
              <Select
                id="panel-date-field"
                label={t('Date field')}
                value={str('dateField')}
                choices={fieldChoices(fields, (f) => DATE_TYPES.has(f.type), t('Choose a date field'))}
                onChange={(v) => setOption('dateField', v)}
              />
              <Select
                id="panel-precision"
                label={t('Group by')}
                value={str('precision') || 'day'}
                choices={PRECISIONS.map((p) => [p, p])}
                onChange={(v) => setOption('precision', v)}
              />
              <Select
                id="panel-range"
                label={t('Range')}
                value={str('range')}
                choices={RANGES.map(([value, label]) => [value, t(label)])}
                onChange={(v) => setOption('range', v)}
              />
              {aggregateSelect}
              {valueFields('valueField', t('Value field'))}
            </>
          )}
          {(type === 'bar-chart' || type === 'line-chart') && (
            <>
              <Select
                id="panel-group-field"
                label={t('Group field')}
                value={str('groupField')}
                choices={fieldChoices(fields, all, t('Choose a field'))}
                onChange={(v) => setOption('groupField', v)}
              />
              {aggregateSelect}
              {valueFields('valueField', t('Value field'))}
              <NumberField
                id="panel-limit"
                label={t('Groups shown')}
                min={1}
                value={Number(options.limit ?? 20)}
                onChange={(n) => setOption('limit', n)}
              />
            </>
          )}
          <div class="field">
            <label for="panel-filter">{t('Filter (JSON, optional)')}</label>
            <textarea
              id="panel-filter"
              rows={2}
              value={filterText}
              aria-describedby="panel-filter-help"
              onInput={(e) => setFilterText(e.currentTarget.value)}
            />
            <p id="panel-filter-help" class="help">
              A Directus filter, such as {'{"status": {"_eq": "published"}}'}.
            </p>
          </div>
        </>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={saving}>
          {t('Save panel')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('Cancel')}
        </button>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

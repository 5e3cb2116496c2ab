import { Link } from 'wouter-preact';
import { assetUrl } from '../../files/files-api.js';
import { displayText } from '../display-value.js';
import { itemHref, toggled, type LayoutOptions } from '../list-layout.js';
import type { TableSchema } from '../table-api.js';
import { cardPlan, fileFields } from './layout-fields.js';
import { OptionSelect, optionSetter, OptionsPanel, OptionText, TemplateOption } from './options-panel.js';
import { msg, t } from '../../i18n/t.js';

type Props = {
  collection: string;
  label: string;
  schema: TableSchema;
  rows: Record<string, unknown>[];
  busy: boolean;
  options: LayoutOptions;
  setOptions(options: LayoutOptions): void;
  selectable: boolean;
  selected: Set<string>;
  onSelect(selected: Set<string>): void;
};

/** Card sizes: the smallest width of a card in pixels. */
const SIZES: Record<string, number> = { small: 140, medium: 200, large: 280 };
const SIZE_NAMES: Record<string, string> = { small: msg('Small'), medium: msg('Medium'), large: msg('Large') };
const fieldChoices = (fields: string[]) => fields.map((field) => ({ value: field, label: field }));

/**
 * The cards layout: a grid of one page of items, each with its image (a file field chosen in the options, as a
 * thumbnail), its title and subtitle (display templates) and a check box for batch actions; a card's title opens
 * its item.
 */
export function CardsLayout({ collection, label, schema, rows, busy, options, setOptions, selectable, selected, onSelect }: Props) {
  const plan = cardPlan(collection, schema, options);
  const size = typeof options.size === 'string' && options.size in SIZES ? options.size : 'medium';
  const set = optionSetter(options, setOptions);
  const files = fileFields(schema.fields, schema.paths);
  const thumb = SIZES[size]! * 2;
  return (
    <>
      <OptionsPanel>
        <OptionSelect
          id="card-image"
          label={t('Image')}
          value={plan.image}
          choices={fieldChoices(files)}
          none={t('No image')}
          choose={(v) => set('imageSource', v)}
        />
        <TemplateOption id="card-title" label={t('Title')} value={plan.title.template ?? null} choose={(v) => set('title', v)} />
        <OptionText
          id="card-subtitle"
          label={t('Subtitle')}
          value={plan.subtitle?.template ?? null}
          hint={t('A display template')}
          choose={(v) => set('subtitle', v)}
        />
        <OptionSelect
          id="card-size"
          label={t('Card size')}
          value={size}
          choices={Object.entries(SIZE_NAMES).map(([value, label]) => ({ value, label: t(label) }))}
          choose={(v) => set('size', v)}
        />
      </OptionsPanel>
      <ul
        class="cards"
        aria-label={t('{label} cards', { label })}
        aria-busy={busy}
        style={{ gridTemplateColumns: `repeat(auto-fill, minmax(${SIZES[size]}px, 1fr))` }}
      >
        {rows.map((row) => {
          const id = String(row[plan.title.primaryKey]);
          const title = displayText(plan.title, row);
          const image = plan.image ? row[plan.image] : null;
          return (
            <li key={id} class="card">
              {typeof image === 'string' && image !== '' ? (
                <img src={assetUrl(image, { size: thumb })} alt={title} loading="lazy" />
              ) : (
                <div class="card-placeholder" aria-hidden="true" />
              )}
              <div class="card-text">
                {selectable && (
                  <input
                    type="checkbox"
                    aria-label={t('Select {title}', { title })}
                    checked={selected.has(id)}
                    onChange={(e) => onSelect(toggled(selected, id, e.currentTarget.checked))}
                  />
                )}
                <Link href={itemHref(collection, id)}>{title}</Link>
                {plan.subtitle && <p class="card-subtitle">{displayText(plan.subtitle, row)}</p>}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

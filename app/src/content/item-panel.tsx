import { t } from '../i18n/t.js';
import { Disclosure } from './disclosure.js';
import type { FormField, RawFormField } from './form-fields.js';
import { ItemComments } from './item-comments.js';
import { ItemHistory } from './item-history.js';
import { ItemInfoView } from './item-info-view.js';
import { ShareDialog } from './share-dialog.js';

const STORE = 'stratum.item-panel.closed';

/** The panel's sections the user closed, remembered in this browser. */
function closedSections(): string[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORE) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

function remember(section: string, open: boolean): void {
  const closed = closedSections().filter((s) => s !== section);
  window.localStorage.setItem(STORE, JSON.stringify(open ? closed : [...closed, section]));
}

/**
 * The item page's side panel: the item's information, its history (compare, revert), comments and shares, each a
 * section that opens and closes (as the user last left it).
 */
export function ItemPanel({
  collection,
  id,
  fields,
  form,
  item,
  primaryKey,
  version,
  canRevert,
  canShare,
  onReverted,
  onUseValue,
}: {
  collection: string;
  id: string;
  fields: RawFormField[];
  form: FormField[];
  item: Record<string, unknown>;
  primaryKey: string;
  version: number;
  canRevert: boolean;
  canShare: boolean;
  onReverted(): void;
  onUseValue(field: FormField, value: unknown): void;
}) {
  const closed = closedSections();
  const section = (name: string) => ({
    id: `panel-${name}`,
    initiallyOpen: !closed.includes(name),
    onToggle: (open: boolean) => remember(name, open),
  });
  return (
    <aside class="item-panel" aria-label={t('About this item')}>
      <Disclosure {...section('info')} title={t('Information')}>
        <ItemInfoView fields={fields} item={item} primaryKey={primaryKey} />
      </Disclosure>
      <Disclosure {...section('history')} title={t('History')}>
        <ItemHistory
          collection={collection}
          id={id}
          version={version}
          form={form}
          current={item}
          canRevert={canRevert}
          onReverted={onReverted}
          onUseValue={onUseValue}
        />
      </Disclosure>
      <Disclosure {...section('comments')} title={t('Comments')}>
        <ItemComments collection={collection} id={id} />
      </Disclosure>
      {canShare && (
        <Disclosure {...section('sharing')} title={t('Sharing')}>
          <ShareDialog collection={collection} id={id} />
        </Disclosure>
      )}
    </aside>
  );
}

import { useState } from 'preact/hooks';
import { errorMessage, requestMessage } from '../api/errors.js';
import type { RelationRow } from './deletion-summary.js';
import { ON_DELETE_RULES } from './relation-plan.js';
import { t } from '../i18n/t.js';

/** The relations of a collection, each with its on-delete rule and "Save rule". */
export function RelationRules({
  collection,
  relations,
  onChange,
}: {
  collection: string;
  relations: RelationRow[];
  onChange: (relation: RelationRow, onDelete: string) => Promise<void>;
}) {
  const mine = relations.filter((r) => r.collection === collection || r.related_collection === collection);
  if (mine.length === 0) return <p>{t('No relation uses this collection.')}</p>;
  return (
    <ul class="related-items" aria-label={t('Relations')}>
      {mine.map((r) => (
        <RelationRule key={`${r.collection}.${r.field}`} relation={r} collection={collection} onChange={onChange} />
      ))}
    </ul>
  );
}

function RelationRule({
  relation,
  collection,
  onChange,
}: {
  relation: RelationRow;
  collection: string;
  onChange: (relation: RelationRow, onDelete: string) => Promise<void>;
}) {
  const [rule, setRule] = useState(relation.schema?.on_delete ?? 'NO ACTION');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const id = `rule-${relation.collection}-${relation.field}`;
  const kind = relation.collection === collection ? t('many-to-one') : t('one-to-many');
  const oneField = relation.meta?.one_field;
  return (
    <li>
      <span>
        {relation.collection}.{relation.field} → {relation.related_collection ?? '?'}{' '}
        <span class="tag">
          ({oneField ? t('{kind}, listed as {alias}', { kind, alias: `${relation.related_collection ?? ''}.${oneField}` }) : kind})
        </span>
      </span>
      <label for={id}>
        {t('On delete')}
        <span class="visually-hidden"> {t('of {field}', { field: `${relation.collection}.${relation.field}` })}</span>
      </label>
      <select id={id} value={rule} onChange={(e) => setRule(e.currentTarget.value)}>
        {[...new Set([...ON_DELETE_RULES, rule])].map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <button
        type="button"
        class="small"
        onClick={() => {
          setMessage(null);
          onChange(relation, rule).then(
            () => setMessage({ text: t('Saved.'), error: false }),
            (e: unknown) => setMessage({ text: errorMessage(e) ?? requestMessage(e), error: true }),
          );
        }}
      >
        {t('Save rule')}
        <span class="visually-hidden"> {t('of {field}', { field: `${relation.collection}.${relation.field}` })}</span>
      </button>
      {message && (
        <span class={message.error ? 'error' : 'help'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </span>
      )}
    </li>
  );
}

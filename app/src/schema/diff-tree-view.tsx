import type { DiffNode, ValueChange } from './diff-tree.js';
import { msg, t } from '../i18n/t.js';

function Value({ change }: { change: ValueChange }) {
  return (
    <li>
      <code>{change.path || t('(whole value)')}</code>:{' '}
      {change.kind === 'added' ? (
        <>
          {t('added')} <ins>{change.new}</ins>
        </>
      ) : change.kind === 'removed' ? (
        <>
          {t('removed')} <del>{change.old}</del>
        </>
      ) : (
        <>
          <del>{change.old}</del> → <ins>{change.new}</ins>
        </>
      )}
    </li>
  );
}

const KIND_WORDS: Record<DiffNode['kind'], string> = { added: msg('added'), removed: msg('removed'), changed: msg('changed') };
const TYPE_WORDS: Record<DiffNode['type'], string> = { collection: msg('collection'), field: msg('field'), relation: msg('relation') };

function Node({ node }: { node: DiffNode }) {
  const holdsOnly = node.type === 'collection' && node.kind === 'changed' && node.values.length === 0;
  return (
    <li>
      <span class={`diff-kind diff-${node.kind}`}>{holdsOnly ? t('in') : t(KIND_WORDS[node.kind])}</span> {t(TYPE_WORDS[node.type])}{' '}
      <strong>{node.label}</strong>
      {node.summary && <span class="tag"> ({node.summary})</span>}
      {node.values.length > 0 && (
        <ul class="diff-values">
          {node.values.map((v, i) => (
            <Value key={i} change={v} />
          ))}
        </ul>
      )}
      {node.children.length > 0 && (
        <ul class="diff-tree">
          {node.children.map((child) => (
            <Node key={`${child.type}:${child.label}`} node={child} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The diff as nested lists: collections, then their fields and relations, then old → new values. */
export function DiffTreeView({ tree }: { tree: DiffNode[] }) {
  return (
    <ul class="diff-tree" aria-label={t('Differences')}>
      {tree.map((node) => (
        <Node key={node.label} node={node} />
      ))}
    </ul>
  );
}

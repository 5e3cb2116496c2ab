import { useEffect, useState } from 'preact/hooks';
import { buildFilter, pathKey, type DirectusFilter } from './build-filter.js';
import type { FieldPath } from './field-paths.js';
import { FilterCondition } from './filter-condition.js';
import { appendAt, countRules, emptyGroup, newRule, removeAt, updateAt, type FilterGroup, type NodePath } from './filter-tree.js';
import { readFilter } from './read-filter.js';
import { plural, t } from '../i18n/t.js';

type Props = {
  paths: FieldPath[];
  filter: DirectusFilter | null;
  apply(filter: DirectusFilter | null): void;
  /** The heading ("Filter" on the items page) and the wording of an empty filter. */
  title?: string;
  emptyText?: string;
  /** The prefix of the builder's DOM ids (two builders on one page need different ones) and its buttons' words. */
  idPrefix?: string;
  applyLabel?: string;
  clearLabel?: string;
};

/** The tree for a filter, or an empty one and the reason when the builder cannot show it. */
function treeOf(filter: DirectusFilter | null): { tree: FilterGroup; problem: string | null } {
  try {
    return { tree: readFilter(filter), problem: null };
  } catch (failure) {
    return {
      tree: emptyGroup(),
      problem: t('The filter in the address cannot be edited here ({reason}); it still applies until you apply another one.', {
        reason: (failure as Error).message,
      }),
    };
  }
}

/**
 * The filter builder: groups of conditions matched all (AND) or any (OR), nested, over the fields the user may
 * read, related ones included. A thin view of `filter-tree`, `build-filter` and `read-filter`: "Apply filter"
 * hands the Directus filter to the page, which puts it in the address.
 */
export function FilterBuilder({
  paths,
  filter,
  apply,
  title = t('Filter'),
  emptyText = t('No conditions: every item is shown.'),
  idPrefix = 'filter',
  applyLabel = t('Apply filter'),
  clearLabel = t('Clear filter'),
}: Props) {
  const filterText = JSON.stringify(filter);
  const [state, setState] = useState(() => treeOf(filter));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setState(treeOf(filter));
    setErrors({});
  }, [filterText]);

  const tree = state.tree;
  const setTree = (next: FilterGroup) => setState({ tree: next, problem: state.problem });
  const fieldOf = (path: string) => paths.find((p) => p.path === path);
  const first = paths[0];

  const submit = (event: Event) => {
    event.preventDefault();
    const built = buildFilter(tree, fieldOf);
    setErrors(built.errors);
    if (Object.keys(built.errors).length === 0) apply(built.filter);
  };

  const renderGroup = (group: FilterGroup, path: NodePath) => {
    const id = `${idPrefix}${path.map((i) => `-${i}`).join('')}`;
    const number = path.map((i) => i + 1).join('.');
    return (
      <fieldset class="filter-group" key={id}>
        <legend>{path.length === 0 ? t('Conditions') : t('Group {number}', { number })}</legend>
        <span class="part">
          <label for={`${id}-logic`}>{t('Match')}</label>
          <select
            id={`${id}-logic`}
            value={group.logic}
            onChange={(e) =>
              setTree(updateAt(tree, path, (node) => ({ ...node, logic: e.currentTarget.value as FilterGroup['logic'] }) as FilterGroup))
            }
          >
            <option value="_and">{t('all of these (AND)')}</option>
            <option value="_or">{t('any of these (OR)')}</option>
          </select>
        </span>
        {group.children.length === 0 && <p class="help">{path.length === 0 ? emptyText : t('No conditions in this group yet.')}</p>}
        {group.children.map((child, index) => {
          const childPath = [...path, index];
          if (child.kind === 'group') return renderGroup(child, childPath);
          return (
            <FilterCondition
              key={pathKey(childPath)}
              id={`${idPrefix}-${childPath.join('-')}`}
              number={childPath.map((i) => i + 1).join('.')}
              rule={child}
              paths={paths}
              error={errors[pathKey(childPath)]}
              onChange={(rule) => setTree(updateAt(tree, childPath, () => rule))}
              onRemove={() => setTree(removeAt(tree, childPath))}
            />
          );
        })}
        <div class="group-actions">
          <button type="button" disabled={!first} onClick={() => first && setTree(appendAt(tree, path, newRule(first.path, first.type)))}>
            {t('Add condition')}
          </button>
          <button type="button" onClick={() => setTree(appendAt(tree, path, emptyGroup(group.logic === '_and' ? '_or' : '_and')))}>
            {t('Add group')}
          </button>
          {path.length > 0 && (
            <button type="button" class="remove" onClick={() => setTree(removeAt(tree, path))}>
              {t('Remove group')}
            </button>
          )}
        </div>
      </fieldset>
    );
  };

  const problems = Object.keys(errors).length;
  return (
    <section class="filter-builder" aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`}>{title}</h2>
      {state.problem && <p class="notice">{state.problem}</p>}
      <form onSubmit={submit} noValidate>
        {renderGroup(tree, [])}
        {problems > 0 && (
          <p class="error" role="alert">
            {plural(problems, 'One condition needs attention.', '{count} conditions need attention.')}
          </p>
        )}
        <div class="actions">
          <button type="submit" class="primary">
            {applyLabel}
          </button>
          <button
            type="button"
            disabled={filter === null && countRules(tree) === 0}
            onClick={() => {
              setState({ tree: emptyGroup(), problem: null });
              setErrors({});
              apply(null);
            }}
          >
            {clearLabel}
          </button>
        </div>
      </form>
    </section>
  );
}

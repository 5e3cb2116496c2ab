import { useState } from 'preact/hooks';
import type { InterfaceProps } from './interface-props.js';
import { addToList, formatList, parseList, stringPresets } from './interface-values.js';
import { ReadOnlyValue } from './read-only-value.js';
import { t } from '../i18n/t.js';

/**
 * `tags`: the tags as a list with a "Remove <tag>" button each, and a text box where Enter or a comma adds what was
 * typed (`options.presets` are offered as suggestions). The value is a JSON array, or a comma string for `csv`.
 */
export function TagsInput({ id, field, text, describedBy, invalid, readOnly, onChange }: InterfaceProps) {
  const [draft, setDraft] = useState('');
  const tags = parseList(text);
  if (readOnly) return <ReadOnlyValue id={id} describedBy={describedBy} value={tags.join(', ')} />;
  const presets = stringPresets(field.options).filter((p) => !tags.includes(p));
  const add = () => {
    if (draft.trim() === '') return;
    onChange(formatList(addToList(tags, draft), field.type));
    setDraft('');
  };
  return (
    <div class="tags-input">
      {tags.length > 0 && (
        <ul class="tag-list" aria-label={t('Tags')}>
          {tags.map((tag) => (
            <li key={tag} class="tag-chip">
              <span>{tag}</span>
              <button
                type="button"
                onClick={() =>
                  onChange(
                    formatList(
                      tags.filter((other) => other !== tag),
                      field.type,
                    ),
                  )
                }
              >
                {t('Remove {tag}', { tag })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="text"
        value={draft}
        list={presets.length > 0 ? `${id}-presets` : undefined}
        aria-describedby={[describedBy, `${id}-how`].filter(Boolean).join(' ')}
        aria-invalid={invalid ? true : undefined}
        onInput={(e) => {
          const value = e.currentTarget.value;
          if (value.includes(',')) {
            onChange(formatList(addToList(tags, value), field.type));
            setDraft('');
          } else setDraft(value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
        onBlur={add}
      />
      <p id={`${id}-how`} class="help">
        {t('Press Enter or type a comma to add a tag.')}
      </p>
      {presets.length > 0 && (
        <datalist id={`${id}-presets`}>
          {presets.map((preset) => (
            <option key={preset} value={preset} />
          ))}
        </datalist>
      )}
    </div>
  );
}

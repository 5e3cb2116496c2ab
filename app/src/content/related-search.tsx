import { useEffect, useRef, useState } from 'preact/hooks';
import { plural, t } from '../i18n/t.js';
import type { RelatedOption } from './display-value.js';

type Props = {
  /** The input's id: the caller's visible `<label for>` names it. */
  id: string;
  /** The text the input shows while nobody is searching (the chosen item). */
  display: string;
  search(query: string): Promise<RelatedOption[]>;
  onChoose(option: RelatedOption): void;
  readOnly?: boolean;
  required?: boolean;
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
};

/**
 * A searchable list box (the ARIA 1.2 combobox pattern): typing searches (debounced), the arrow keys move
 * through the results, Enter chooses, Escape closes; a click chooses too. The results are what the API
 * answers, so they are only items the user may read.
 */
export function RelatedSearch({ id, display, search, onChoose, readOnly, required, describedBy, invalid, placeholder }: Props) {
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<RelatedOption[]>([]);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setStatus(t('Searching…'));
    const timer = setTimeout(() => {
      searchRef.current(query ?? '').then(
        (found) => {
          if (cancelled) return;
          setOptions(found);
          setActive(found.length > 0 ? 0 : -1);
          setStatus(found.length === 0 ? t('No matches.') : plural(found.length, '{count} match.', '{count} matches.'));
        },
        () => {
          if (!cancelled) setStatus(t('The search failed.'));
        },
      );
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [open, query]);

  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
    setStatus('');
  };
  const choose = (option: RelatedOption) => {
    onChoose(option);
    close();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (readOnly) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (options.length === 0 ? -1 : (current + step + options.length) % options.length));
    } else if (event.key === 'Enter' && open) {
      // Choosing must not submit the form.
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const listId = `${id}-options`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const expanded = open && options.length > 0;
  return (
    <div class="combobox">
      <input
        id={id}
        type="text"
        role="combobox"
        autocomplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={[describedBy, `${id}-status`].filter(Boolean).join(' ')}
        aria-invalid={invalid ? true : undefined}
        required={required}
        readOnly={readOnly}
        placeholder={readOnly ? undefined : placeholder}
        value={query ?? display}
        onInput={(event) => {
          setQuery(event.currentTarget.value);
          setOpen(true);
        }}
        onFocus={(event) => {
          if (!readOnly) event.currentTarget.select();
        }}
        onClick={() => {
          if (!readOnly) setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <ul id={listId} role="listbox" aria-label={t('Matches')} class="combobox-options" hidden={!expanded}>
        {options.map((option, index) => (
          <li
            key={String(option.key)}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            class={index === active ? 'active' : undefined}
            // Chosen on mousedown's default prevented, so the input keeps the focus until the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.text}
          </li>
        ))}
      </ul>
      <p id={`${id}-status`} class="visually-hidden" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

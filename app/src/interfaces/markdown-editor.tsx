import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { fieldLabel } from '../content/content-api.js';
import { EditorToolbar, type ToolbarButton } from './editor-toolbar.js';
import type { InterfaceProps } from './interface-props.js';
import { applyMarkdown, shortcutAction, type MarkdownAction } from './markdown-actions.js';
import { renderMarkdown } from './markdown-render.js';
import './rich-editors.css';
import { SanitizedHtml } from './sanitized-html.js';
import { msg, t } from '../i18n/t.js';

const ACTIONS: { action: MarkdownAction; text: string }[] = [
  { action: 'bold', text: msg('Bold') },
  { action: 'italic', text: msg('Italic') },
  { action: 'heading', text: msg('Heading') },
  { action: 'link', text: msg('Link') },
  { action: 'list', text: msg('List') },
  { action: 'code', text: msg('Code') },
  { action: 'quote', text: msg('Quote') },
];

type Mode = 'edit' | 'preview';

/**
 * `input-rich-text-md`: a text area with formatting buttons (and Ctrl+B, Ctrl+I) that wrap the selection, and an
 * Edit / Preview tab list; the preview is the markdown rendered by marked and cleaned by DOMPurify.
 */
export function MarkdownEditor({ id, field, text, describedBy, invalid, readOnly, onChange }: InterfaceProps) {
  const [mode, setMode] = useState<Mode>('edit');
  const area = useRef<HTMLTextAreaElement>(null);
  const selection = useRef<{ start: number; end: number } | null>(null);
  const preview = useMemo(() => (mode === 'preview' ? renderMarkdown(text) : ''), [mode, text]);

  useLayoutEffect(() => {
    const wanted = selection.current;
    if (!wanted || !area.current) return;
    selection.current = null;
    area.current.focus();
    area.current.setSelectionRange(wanted.start, wanted.end);
  }, [text]);

  function run(action: MarkdownAction) {
    const el = area.current;
    if (!el || readOnly) return;
    const edit = applyMarkdown(action, el.value, el.selectionStart, el.selectionEnd);
    selection.current = { start: edit.start, end: edit.end };
    onChange(edit.text);
  }

  const modes: { mode: Mode; text: string }[] = [
    { mode: 'edit', text: t('Edit') },
    { mode: 'preview', text: t('Preview') },
  ];
  const buttons: ToolbarButton[] = ACTIONS.map(({ action, text: label }) => ({ text: t(label), run: () => run(action) }));

  return (
    <div class="markdown-editor">
      <div class="tabs" role="tablist" aria-label={t('{field}: edit or preview', { field: fieldLabel(field.field) })}>
        {modes.map((option, i) => (
          <button
            key={option.mode}
            type="button"
            role="tab"
            class="small"
            id={`${id}-tab-${option.mode}`}
            aria-selected={mode === option.mode}
            aria-controls={`${id}-panel-${option.mode}`}
            tabIndex={mode === option.mode ? 0 : -1}
            onClick={() => setMode(option.mode)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              event.preventDefault();
              const next = modes[(i + 1) % modes.length]!;
              setMode(next.mode);
              document.getElementById(`${id}-tab-${next.mode}`)?.focus();
            }}
          >
            {option.text}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-edit`} aria-labelledby={`${id}-tab-edit`} hidden={mode !== 'edit'}>
        {!readOnly && <EditorToolbar label={t('{field} formatting', { field: fieldLabel(field.field) })} controls={id} buttons={buttons} />}
        <textarea
          ref={area}
          id={id}
          rows={8}
          readOnly={readOnly}
          value={text}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onInput={(e) => onChange(e.currentTarget.value)}
          onKeyDown={(event) => {
            const action = shortcutAction(event.key, event.ctrlKey || event.metaKey, event.shiftKey || event.altKey);
            if (!action || readOnly) return;
            event.preventDefault();
            run(action);
          }}
        />
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-preview`}
        aria-labelledby={`${id}-tab-preview`}
        class="markdown-preview"
        tabIndex={0}
        hidden={mode !== 'preview'}
      >
        {mode === 'preview' && (text.trim() === '' ? <p class="help">{t('Nothing to preview.')}</p> : <SanitizedHtml html={preview} />)}
      </div>
    </div>
  );
}

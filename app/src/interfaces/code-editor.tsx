import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { Annotation, Compartment, EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { LANGUAGE_SUPPORT } from './code-language-support.js';
import { codeLanguage } from './code-language.js';
import { Echoes } from './echoes.js';
import { FieldName, useLabelFocus } from './field-name.js';
import type { InterfaceProps } from './interface-props.js';
import { jsonProblem } from './json-problem.js';
import { styleRoot } from './style-root.js';
import './rich-editors.css';
import { t } from '../i18n/t.js';

/** Marks the replacement of the text by a value from outside, which is not sent back to the form. */
const fromOutside = Annotation.define<boolean>();

/** What may change after the editor is made: read-only, and the content's accessibility attributes. */
function access(id: string, labelId: string, describedBy: string, invalid: boolean, readOnly: boolean) {
  const attributes: Record<string, string> = { id, 'aria-labelledby': labelId, 'aria-describedby': describedBy };
  if (invalid) attributes['aria-invalid'] = 'true';
  // Not editable, the content would leave the tab order: it stays focusable and says it is read-only.
  if (readOnly) Object.assign(attributes, { 'aria-readonly': 'true', tabindex: '0' });
  return [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly), EditorView.contentAttributes.of(attributes)];
}

/**
 * `input-code`: CodeMirror 6 with line numbers, the language of `options.language` (each language its own chunk)
 * and Tab to indent (Esc then Tab moves on, as CodeMirror does). A JSON field shows what is wrong in place, and the
 * form refuses to save it (form-fields.ts).
 */
export function CodeEditor({ id, field, text, describedBy, invalid, readOnly, onChange }: InterfaceProps) {
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<EditorView | null>(null);
  const echoes = useRef(new Echoes());
  const change = useRef(onChange);
  change.current = onChange;
  const compartments = useRef({ access: new Compartment(), language: new Compartment() });
  const language = codeLanguage(field);
  const problem = language === 'json' ? jsonProblem(text) : null;
  const labelId = `${id}-label`;
  const described = [describedBy, problem ? `${id}-problem` : null, `${id}-keys`].filter(Boolean).join(' ');

  useEffect(() => {
    const { access: accessSlot, language: languageSlot } = compartments.current;
    const created = new EditorView({
      parent: host.current!,
      root: styleRoot(),
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          languageSlot.of([]),
          accessSlot.of(access(id, labelId, described, invalid, readOnly)),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.some((tr) => tr.annotation(fromOutside))) return;
            const value = update.state.doc.toString();
            echoes.current.remember(value);
            change.current(value);
          }),
        ],
      }),
    });
    setView(created);
    let live = true;
    if (language) {
      LANGUAGE_SUPPORT[language]().then(
        (support) => live && created.dispatch({ effects: languageSlot.reconfigure(support) }),
        () => undefined, // without its highlighting the text is still edited as plain text
      );
    }
    return () => {
      live = false;
      created.destroy();
    };
  }, []);

  useEffect(() => {
    view?.dispatch({ effects: compartments.current.access.reconfigure(access(id, labelId, described, invalid, readOnly)) });
  }, [view, id, described, invalid, readOnly]);

  useEffect(() => {
    // A value from outside (the item reloaded after saving) replaces the text without counting as an edit.
    if (!view || echoes.current.isEcho(text) || text === view.state.doc.toString()) return;
    echoes.current.clear();
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, annotations: fromOutside.of(true) });
  }, [view, text]);

  useLabelFocus(
    id,
    useCallback(() => view?.focus(), [view]),
  );

  return (
    <div class="code-editor">
      <FieldName id={labelId} field={field} />
      <div ref={host} class="code-editor-host" />
      <p id={`${id}-problem`} class="error" aria-live="polite">
        {problem}
      </p>
      <p id={`${id}-keys`} class="help">
        {t('Tab indents; to move on with the keyboard, press Esc, then Tab.')}
      </p>
    </div>
  );
}

import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { fieldLabel } from '../content/content-api.js';
import { Echoes } from './echoes.js';
import { EditorToolbar, type ToolbarButton } from './editor-toolbar.js';
import { htmlToolbar } from './html-toolbar.js';
import { FieldName, useLabelFocus } from './field-name.js';
import { ImageForm } from './image-form.js';
import { ImageNode } from './image-node.js';
import type { InterfaceProps } from './interface-props.js';
import { LinkForm } from './link-form.js';
import { isAllowedAddress } from './sanitize-config.js';
import { sanitizeHtml } from './sanitize-html.js';
import './rich-editors.css';
import { t } from '../i18n/t.js';

/** The editable area's attributes: labelled by the field's name, described by its note and error. */
function areaAttributes(id: string, labelId: string, describedBy: string | undefined, invalid: boolean, readOnly: boolean) {
  const attributes: Record<string, string> = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    class: 'html-editor-area',
  };
  if (describedBy) attributes['aria-describedby'] = describedBy;
  if (invalid) attributes['aria-invalid'] = 'true';
  // Not editable, the area would leave the tab order: it stays focusable and says it is read-only.
  if (readOnly) Object.assign(attributes, { 'aria-readonly': 'true', tabindex: '0' });
  return attributes;
}

/** The editor's HTML as stored: cleaned by DOMPurify, and nothing (null) for an empty document. */
function storedHtml(editor: Editor): string {
  return editor.isEmpty ? '' : sanitizeHtml(editor.getHTML());
}

/**
 * `input-rich-text-html`: a WYSIWYG editor (TipTap on ProseMirror, without a framework binding) with a toolbar
 * whose buttons say whether their mark or block is on (`aria-pressed`); "Image" inserts an image of the file
 * library, an uploaded one or one by its web address, with its alternative text (image-form.tsx). The stored HTML is cleaned by DOMPurify
 * on the way in and on the way out.
 */
export function HtmlEditor({ id, field, text, describedBy, invalid, readOnly, onChange }: InterfaceProps) {
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [, setRevision] = useState(0);
  const [linking, setLinking] = useState(false);
  const [imaging, setImaging] = useState(false);
  const echoes = useRef(new Echoes());
  const change = useRef(onChange);
  change.current = onChange;
  const labelId = `${id}-label`;
  const label = fieldLabel(field.field);

  useEffect(() => {
    const created = new Editor({
      element: host.current!,
      extensions: [
        StarterKit.configure({
          heading: { levels: [2, 3] },
          link: { openOnClick: false, autolink: true, isAllowedUri: (url, ctx) => ctx.defaultValidate(url) && isAllowedAddress(url) },
        }),
        ImageNode,
      ],
      content: sanitizeHtml(text),
      editable: !readOnly,
      // The app's Content-Security-Policy refuses inline <style>: the editor's few rules are in rich-editors.css.
      injectCSS: false,
      editorProps: { attributes: areaAttributes(id, labelId, describedBy, invalid, readOnly) },
      onUpdate: ({ editor: updated }) => {
        const html = storedHtml(updated);
        echoes.current.remember(html);
        change.current(html);
      },
      onTransaction: () => setRevision((n) => n + 1),
    });
    setEditor(created);
    return () => created.destroy();
  }, []);

  useEffect(() => {
    if (!editor) return;
    editor.setOptions({ editorProps: { attributes: areaAttributes(id, labelId, describedBy, invalid, readOnly) } });
    editor.setEditable(!readOnly, false);
  }, [editor, id, describedBy, invalid, readOnly]);

  useEffect(() => {
    // A value from outside (the item reloaded after saving): shown without counting as an edit.
    if (!editor || echoes.current.isEcho(text) || text === storedHtml(editor)) return;
    echoes.current.clear();
    editor.commands.setContent(sanitizeHtml(text), { emitUpdate: false });
  }, [editor, text]);

  useLabelFocus(
    id,
    useCallback(() => editor?.commands.focus(), [editor]),
  );

  const buttons: ToolbarButton[] = editor
    ? htmlToolbar(editor, {
        link: () => {
          setImaging(false);
          setLinking(true);
        },
        image: () => {
          setLinking(false);
          setImaging(true);
        },
      })
    : [];

  return (
    <div class="html-editor">
      <FieldName id={labelId} field={field} />
      {editor && !readOnly && <EditorToolbar label={t('{field} formatting', { field: label })} controls={id} buttons={buttons} />}
      {editor && linking && (
        <LinkForm
          id={`${id}-link`}
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onApply={(href) => {
            setLinking(false);
            const chain = editor.chain().focus().extendMarkRange('link');
            (href ? chain.setLink({ href }) : chain.unsetLink()).run();
          }}
          onCancel={() => {
            setLinking(false);
            editor.commands.focus();
          }}
        />
      )}
      {editor && imaging && (
        <ImageForm
          id={`${id}-image`}
          onInsert={(image) => {
            setImaging(false);
            editor.chain().focus().insertContent({ type: 'image', attrs: image }).run();
          }}
          onCancel={() => {
            setImaging(false);
            editor.commands.focus();
          }}
        />
      )}
      <div ref={host} class="html-editor-host" />
    </div>
  );
}

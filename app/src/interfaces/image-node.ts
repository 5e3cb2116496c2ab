import { Node } from '@tiptap/core';

/**
 * An image in the WYSIWYG editor's text: `<img src alt>` inline, as Directus's editor stores it (the stored HTML is
 * cleaned to exactly these two attributes, sanitize-config.ts). The app's own small node rather than another
 * package: it needs no resizing, titles or base64 uploads.
 */
export const ImageNode = Node.create({
  name: 'image',
  inline: true,
  group: 'inline',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', HTMLAttributes];
  },
});

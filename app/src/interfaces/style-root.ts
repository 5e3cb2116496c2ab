/**
 * The root CodeMirror is given (its `root` option) so that its styles reach the page under the app's
 * Content-Security-Policy (`style-src 'self'`, no inline styles). CodeMirror's styles come from style-mod, which
 * writes an inline <style> element into a document's head (refused by the policy, an error in the console) but
 * uses a constructed style sheet (`adoptedStyleSheets`, which the policy allows) for a root without a head, as a
 * shadow root is. This is the document seen without its head: every other property and method is the document's
 * own, so selection, focus and events work as usual.
 */
let root: Document | null = null;

export function styleRoot(): Document {
  root ??= new Proxy(document, {
    get(target, key) {
      if (key === 'head') return undefined;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set(target, key, value) {
      return Reflect.set(target, key, value, target);
    },
  });
  return root;
}

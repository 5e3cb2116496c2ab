import { useEffect, useRef } from 'preact/hooks';

/** The keyboard shortcuts' help: a modal dialog (Esc or "Close" closes it, and the focus goes back where it was). */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} class="shortcuts-help" aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">What they do</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <kbd>Ctrl</kbd> + <kbd>S</kbd> (<kbd>⌘</kbd> + <kbd>S</kbd> on a Mac)
            </td>
            <td>Save the item being edited</td>
          </tr>
          <tr>
            <td>
              <kbd>/</kbd>
            </td>
            <td>Go to the list's search field</td>
          </tr>
          <tr>
            <td>
              <kbd>?</kbd>
            </td>
            <td>Show these shortcuts</td>
          </tr>
          <tr>
            <td>
              <kbd>Esc</kbd>
            </td>
            <td>Close a dialog</td>
          </tr>
        </tbody>
      </table>
      <form method="dialog">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}

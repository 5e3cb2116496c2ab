/**
 * The values an editor has sent to the form, until the form hands each back as its `text`. The form renders after
 * the editor, so during fast typing its text can be an older value the editor sent: that is an echo to ignore,
 * not a change from outside to load (which would undo the newer keystrokes and start a loop).
 */
export class Echoes {
  private sent: string[] = [];

  /** Notes a value the editor sent. */
  remember(value: string): void {
    this.sent.push(value);
  }

  /** Whether `text` is one of the editor's own values coming back (those before it are forgotten with it). */
  isEcho(text: string): boolean {
    const index = this.sent.indexOf(text);
    if (index === -1) return false;
    this.sent.splice(0, index + 1);
    return true;
  }

  /** Forgets every value sent (the editor took a value from outside). */
  clear(): void {
    this.sent = [];
  }
}

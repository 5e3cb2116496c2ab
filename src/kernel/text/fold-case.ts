/**
 * Text as case-insensitive matching compares it (`_icontains` and the other `_i…` operators, `search`;
 * decision 0054): Unicode's lower-case mapping, the same in every locale (`String.prototype.toLowerCase`). É
 * matches é, Ö ö, Æ æ, the capital ẞ ß; accents still count (é ≠ e), and ß stays one letter (STRASSE does not
 * match Straße: full case folding would make it "ss", which changes the text's length under LIKE's `_`).
 * SQLite's own `lower()` knows ASCII letters only: its connections run this as `stratum_lower()`.
 */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

/**
 * The names files get inside a zip: each file's download name made safe (no folders, no `..`, no control
 * characters, never blank) and unique, a repeated name numbered before its extension (`report (2).pdf`).
 */
export function zipEntryNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const safe = safeName(raw);
    let name = safe;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = numbered(safe, n);
    taken.add(name.toLowerCase());
    return name;
  });
}

function safeName(raw: string): string {
  const base = raw.replace(/\\/g, '/').split('/').pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned;
}

function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

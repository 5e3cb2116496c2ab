const INDENT = '    ';

/**
 * XML as Directus exports it (js2xmlparser): `<?xml version='1.0'?>`, a root `<data>`, and for a list one `<data>`
 * element per row. Object keys become elements, arrays repeat their element, null is an empty element, text is escaped.
 */
export function toXml(data: unknown): string {
  const lines = [`<?xml version='1.0'?>`];
  if (Array.isArray(data)) {
    lines.push('<data>');
    for (const row of data) writeElement(lines, 'data', row, 1);
    lines.push('</data>');
  } else {
    writeElement(lines, 'data', data, 0);
  }
  return lines.join('\n');
}

/** The lines of one list row (a `<data>` element inside the root). */
export function xmlRowLines(row: unknown): string[] {
  const lines: string[] = [];
  writeElement(lines, 'data', row, 1);
  return lines;
}

function writeElement(lines: string[], rawName: string, value: unknown, depth: number): void {
  const pad = INDENT.repeat(depth);
  const name = elementName(rawName);
  if (Array.isArray(value)) {
    for (const item of value) writeElement(lines, rawName, item, depth);
    return;
  }
  if (value === null || value === undefined) {
    lines.push(`${pad}<${name}/>`);
    return;
  }
  if (value instanceof Date) {
    lines.push(`${pad}<${name}>${escapeXml(value.toISOString())}</${name}>`);
    return;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) {
      lines.push(`${pad}<${name}/>`);
      return;
    }
    lines.push(`${pad}<${name}>`);
    for (const [key, child] of entries) writeElement(lines, key, child, depth + 1);
    lines.push(`${pad}</${name}>`);
    return;
  }
  lines.push(`${pad}<${name}>${escapeXml(String(value))}</${name}>`);
}

/** A valid XML element name: characters outside the name set become `_`, and a name may not start with a digit. */
function elementName(raw: string): string {
  let name = raw.replace(/[^A-Za-z0-9_.\-\u00C0-\uFFFF]/g, '_');
  if (name === '' || /^[0-9.\-]/.test(name) || /^xml/i.test(name)) name = `_${name}`;
  return name;
}

export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Characters XML 1.0 cannot carry at all.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
  );
}

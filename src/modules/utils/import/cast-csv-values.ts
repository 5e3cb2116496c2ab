import type { CollectionOverview } from '../../../engine/schema-overview/schema-overview.types.js';

/**
 * The text values of a CSV record as the field types want them: an empty field is null, integers and floats are
 * numbers when they read as one, booleans `true`/`false` (or `1`/`0`), JSON fields parsed when they parse. Anything
 * else stays text (decimals and big integers too, to stay exact), and text a type can't take is refused by the
 * write path as for any payload. Unknown fields are left for the write path to refuse.
 */
export function castCsvValues(overview: CollectionOverview, data: Record<string, unknown>): Record<string, unknown> {
  const cast: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    cast[name] = typeof value === 'string' ? castText(overview.fields[name]?.type, value) : value;
  }
  return cast;
}

function castText(type: string | undefined, text: string): unknown {
  if (text === '') return null;
  switch (type) {
    case 'integer':
    case 'float': {
      const n = Number(text.trim());
      return text.trim() !== '' && Number.isFinite(n) ? n : text;
    }
    case 'boolean': {
      const t = text.trim().toLowerCase();
      return t === 'true' || t === '1' ? true : t === 'false' || t === '0' ? false : text;
    }
    case 'json':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    default:
      return text;
  }
}

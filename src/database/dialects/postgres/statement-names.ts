/** Most statements one app instance names; beyond them, reads run unnamed (correct, only slower). */
export const MAX_NAMED = 500;
/** Texts seen once, waiting for a second sighting before they are named; cleared when it grows past this. */
const MAX_SIGHTINGS = 2_000;

/** Gives statement texts their names (execute.ts), one per app instance (its dialect's). */
export type StatementNames = (text: string) => string | undefined;

/**
 * The statement name for a query text seen at least twice (so one-off texts, hostile ones included, are not
 * kept on the server), while fewer than MAX_NAMED texts are named. A name is never given to another text:
 * a connection that prepared `stratum_3` keeps it for as long as it lives, so names are never evicted.
 */
export function createStatementNames(): StatementNames {
  const names = new Map<string, string>();
  const sightings = new Set<string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= MAX_NAMED) return known;
    if (!sightings.has(text)) {
      if (sightings.size >= MAX_SIGHTINGS) sightings.clear();
      sightings.add(text);
      return undefined;
    }
    sightings.delete(text);
    const name = `stratum_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

/** How many conditions a Directus filter holds (pure): the leaves under its `_and` / `_or` groups. */
export function countConditions(filter: unknown): number {
  if (filter === null || typeof filter !== 'object') return 0;
  let count = 0;
  for (const [key, value] of Object.entries(filter as Record<string, unknown>)) {
    if ((key === '_and' || key === '_or') && Array.isArray(value))
      count += value.reduce((n: number, child) => n + countConditions(child), 0);
    else count += 1;
  }
  return count;
}

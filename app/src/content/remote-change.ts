/** The item an item subscription's event carries: Directus sends a list (of one) for create and update. */
export function eventItem(data: unknown): Record<string, unknown> | null {
  const item = Array.isArray(data) ? data[0] : data;
  return typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : null;
}

/**
 * Whether the item as the server now reads it (`remote`, an event's data) differs from the one the form was
 * loaded with: a field both hold has another value. The app's own save reads the same values back, so it is
 * never taken for someone else's change.
 */
export function changedElsewhere(loaded: Record<string, unknown>, remote: Record<string, unknown>): boolean {
  return Object.keys(remote).some((field) => field in loaded && JSON.stringify(remote[field]) !== JSON.stringify(loaded[field]));
}

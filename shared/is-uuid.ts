// Shared by the server (src/kernel/values) and the admin app (decision 0051).
/** The textual form of a UUID, any version, either case (the one pattern every layer checks keys and values with). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

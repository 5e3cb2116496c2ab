/** Reads the boolean forms drivers return and clients send (true, 1, '1', 'true'); undefined otherwise. */
export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (value == 1) return true;
    if (value == 0) return false;
    return undefined;
  }
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
  }
  if (Buffer.isBuffer(value) && value.length === 1) return value[0] === 1;
  return undefined;
}

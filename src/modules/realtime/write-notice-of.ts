import type { WriteNotice } from './realtime.types.js';

const ACTIONS = new Set(['create', 'update', 'delete']);
const MAX_KEYS = 100_000;

/** A write notice another instance sent, checked (a malformed one is null and ignored). */
export function writeNoticeOf(message: Record<string, unknown>): WriteNotice | null {
  const { collection, action, keys } = message;
  if (typeof collection !== 'string' || collection === '' || typeof action !== 'string' || !ACTIONS.has(action)) return null;
  if (!Array.isArray(keys) || keys.length > MAX_KEYS) return null;
  if (!keys.every((key) => typeof key === 'string' || (typeof key === 'number' && Number.isFinite(key)))) return null;
  return { collection, action: action as WriteNotice['action'], keys: keys as (string | number)[] };
}

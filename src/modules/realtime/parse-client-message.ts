import { invalidPayload } from '../../kernel/errors/index.js';
import { exceedsDepth, MAX_JSON_DEPTH } from '../../kernel/json/exceeds-depth.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import type { ClientMessage, Uid } from './realtime.types.js';

const EVENTS = new Set(['create', 'update', 'delete']);
const ACTIONS = new Set(['create', 'read', 'update', 'delete']);

/** What a message that failed to parse still tells: its type and uid, for the error answer. */
export type MessageEcho = { type: string; uid?: Uid };

/**
 * Parses and checks one text message of a client. Throws INVALID_PAYLOAD (with `echo`: the type and uid the
 * answer should carry, as far as they could be read) for bad JSON, a non-object, an unknown type or a field
 * of the wrong type. Unknown fields are ignored, as Directus does.
 */
export function parseClientMessage(text: string, maxSize: number): ClientMessage {
  if (Buffer.byteLength(text) > maxSize) throw withEcho(invalidPayload(`The message is larger than ${maxSize} bytes`), { type: 'error' });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw withEcho(invalidPayload('The message is not valid JSON'), { type: 'error' });
  }
  if (!isPlainObject(raw)) throw withEcho(invalidPayload('The message must be a JSON object'), { type: 'error' });
  if (exceedsDepth(raw, MAX_JSON_DEPTH)) throw withEcho(invalidPayload('The message is nested too deeply'), { type: 'error' });
  // The answer carries the message's type (cut short: a client's text is not echoed at length).
  const echo: MessageEcho = { type: typeof raw.type === 'string' ? raw.type.slice(0, 50) : 'error' };
  if (isUid(raw.uid)) echo.uid = raw.uid;
  try {
    return checkMessage(raw);
  } catch (error) {
    throw withEcho(error as Error, echo);
  }
}

/** The echo a parse error carries (see parseClientMessage). */
export function echoOf(error: unknown): MessageEcho | undefined {
  return (error as { realtimeEcho?: MessageEcho }).realtimeEcho;
}

function withEcho(error: Error, echo: MessageEcho): Error {
  Object.assign(error, { realtimeEcho: echo });
  return error;
}

function checkMessage(raw: Record<string, unknown>): ClientMessage {
  if (raw.uid !== undefined && !isUid(raw.uid)) throw invalidPayload('"uid" must be a string or a number');
  const uid = raw.uid as Uid | undefined;
  const base = uid === undefined ? {} : { uid };
  switch (raw.type) {
    case 'ping':
    case 'pong':
    case 'unsubscribe':
      return { type: raw.type, ...base };
    case 'auth': {
      for (const name of ['access_token', 'email', 'password', 'otp', 'refresh_token']) optionalString(raw, name);
      const hasCredentials = raw.email !== undefined || raw.password !== undefined;
      if (hasCredentials && (raw.email === undefined || raw.password === undefined))
        throw invalidPayload('"email" and "password" go together');
      const ways = [raw.access_token !== undefined, hasCredentials, raw.refresh_token !== undefined].filter(Boolean).length;
      if (ways !== 1) throw invalidPayload('"auth" needs exactly one of "access_token", "email" and "password", or "refresh_token"');
      return { ...(raw as Record<string, string>), type: 'auth', ...base };
    }
    case 'subscribe': {
      const collection = requiredString(raw, 'collection');
      if (raw.event !== undefined && !EVENTS.has(raw.event as string)) throw invalidPayload('"event" must be create, update or delete');
      const query = optionalObject(raw, 'query');
      if (raw.item !== undefined && !isKey(raw.item)) throw invalidPayload('"item" must be a string or a number');
      return {
        type: 'subscribe',
        ...base,
        collection,
        ...(raw.event === undefined ? {} : { event: raw.event as 'create' }),
        ...(query === undefined ? {} : { query }),
        ...(raw.item === undefined ? {} : { item: raw.item as string }),
      };
    }
    case 'items': {
      const collection = requiredString(raw, 'collection');
      if (!ACTIONS.has(raw.action as string)) throw invalidPayload('"action" must be create, read, update or delete');
      if (raw.id !== undefined && !isKey(raw.id)) throw invalidPayload('"id" must be a string or a number');
      if (raw.ids !== undefined && !(Array.isArray(raw.ids) && raw.ids.every(isKey)))
        throw invalidPayload('"ids" must be a list of strings or numbers');
      const query = optionalObject(raw, 'query');
      return {
        type: 'items',
        ...base,
        collection,
        action: raw.action as 'read',
        ...(raw.data === undefined ? {} : { data: raw.data }),
        ...(raw.id === undefined ? {} : { id: raw.id as string }),
        ...(raw.ids === undefined ? {} : { ids: raw.ids as string[] }),
        ...(query === undefined ? {} : { query }),
      };
    }
    default:
      throw invalidPayload(typeof raw.type === 'string' ? `Unknown message type "${raw.type.slice(0, 50)}"` : '"type" is required');
  }
}

function isUid(value: unknown): value is Uid {
  return (typeof value === 'string' && value.length <= 200) || (typeof value === 'number' && Number.isFinite(value));
}

function isKey(value: unknown): value is string | number {
  return (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));
}

function requiredString(raw: Record<string, unknown>, name: string): string {
  const value = raw[name];
  if (typeof value !== 'string' || value === '') throw invalidPayload(`"${name}" must be a non-empty string`);
  return value;
}

function optionalString(raw: Record<string, unknown>, name: string): void {
  if (raw[name] !== undefined && typeof raw[name] !== 'string') throw invalidPayload(`"${name}" must be a string`);
}

function optionalObject(raw: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) throw invalidPayload(`"${name}" must be an object`);
  return value;
}

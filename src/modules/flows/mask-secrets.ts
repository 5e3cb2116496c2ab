import type { Context } from '../../engine/context.js';
import { hasCollection, getCollection } from '../../engine/schema-overview/get-collection.js';
import { CONCEALED } from '../../kernel/text/concealed.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

/**
 * The values of concealed and hashed fields (a password, a token) in an event's payload: a filter flow sees them
 * as submitted, and what a run records must not keep them, nor any copy an operation made of them.
 */
export function secretsOf(ctx: Context, trigger: unknown): Set<string> {
  const secrets = new Set<string>();
  if (!isPlainObject(trigger) || typeof trigger.collection !== 'string' || !hasCollection(ctx.schema, trigger.collection)) return secrets;
  const fields = getCollection(ctx.schema, trigger.collection).fields;
  const payloads = Array.isArray(trigger.payload) ? trigger.payload : [trigger.payload];
  for (const payload of payloads) {
    if (!isPlainObject(payload)) continue;
    for (const [name, value] of Object.entries(payload)) {
      const field = fields[name];
      if (!field || !field.special.some((flag) => flag === 'conceal' || flag === 'hash')) continue;
      if (typeof value === 'string' && value !== '') secrets.add(value);
    }
  }
  return secrets;
}

/** A copy of `value` with every string that holds one of `secrets` replaced by the mask. */
export function maskSecrets(value: unknown, secrets: Set<string>): unknown {
  if (secrets.size === 0) return value;
  if (typeof value === 'string') return [...secrets].some((secret) => value.includes(secret)) ? CONCEALED : value;
  if (Array.isArray(value)) return value.map((entry) => maskSecrets(entry, secrets));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, maskSecrets(entry, secrets)]));
  return value;
}

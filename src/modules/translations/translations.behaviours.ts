import { invalidPayload } from '../../kernel/errors/index.js';
import type { CollectionBehaviour, Item } from '../items/index.js';

const REQUIRED = ['language', 'key', 'value'] as const;

/**
 * Translation strings (`service_translations`): a new one names its language, its key and its value, each a
 * string (language and key non-empty); an update may change any of them but never blank them. The items engine
 * checks the column lengths and unknown fields.
 */
export const translationsBehaviour: CollectionBehaviour = {
  beforeWrite(_ctx, { action, payload }) {
    for (const field of REQUIRED) {
      if (action === 'create' || field in payload) checkString(payload, field);
    }
    return payload;
  },
};

function checkString(payload: Item, field: (typeof REQUIRED)[number]): void {
  const value = payload[field];
  if (typeof value !== 'string') throw invalidPayload(`"${field}" must be a string`);
  if (field !== 'value' && value.trim() === '') throw invalidPayload(`"${field}" must be a non-empty string`);
}

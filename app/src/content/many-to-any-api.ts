import { readItems } from '@directus/sdk';
import type { Client } from '../api/client.js';
import { fieldLabel, readRawFields } from './content-api.js';
import type { PrimaryKey } from './display-value.js';
import type { AnyEntry } from './many-to-any-changes.js';
import { readDisplayPlan, readOptions } from './related-api.js';
import type { ManyToAny } from './relations.js';

/**
 * The links of a many-to-any field: the junction rows pointing at `parent` (up to 200) in the sort field's order
 * (else the junction's), each with its item's display text read from its own collection (its collection and key
 * when that cannot be read), and the junction's key field.
 */
export async function readAnyLinks(
  client: Client,
  relation: ManyToAny,
  parent: PrimaryKey,
): Promise<{ entries: AnyEntry[]; keyField: string }> {
  const junctionFields = await readRawFields(client, relation.junction);
  const keyField = junctionFields.find((f) => f.schema?.is_primary_key)?.field ?? 'id';
  const rows = (await client.request(
    readItems(relation.junction, {
      fields: [keyField, relation.collectionField, relation.itemField],
      filter: { [relation.parentField]: { _eq: parent } },
      sort: [relation.sortField ?? keyField],
      limit: 200,
    } as never),
  )) as Record<string, unknown>[];
  const collections = [...new Set(rows.map((row) => String(row[relation.collectionField])))];
  const texts = new Map<string, string>();
  await Promise.all(
    collections.map(async (collection) => {
      const keys = rows.filter((row) => row[relation.collectionField] === collection).map((row) => row[relation.itemField] as PrimaryKey);
      try {
        const plan = await readDisplayPlan(client, collection);
        if (!plan) return;
        for (const [key, text] of await readOptions(client, plan, keys)) texts.set(`${collection}:${key}`, text);
      } catch {
        // Not readable: the entry shows its collection and key.
      }
    }),
  );
  const entries = rows.map((row) => {
    const collection = String(row[relation.collectionField]);
    const key = row[relation.itemField] as PrimaryKey;
    return {
      junctionKey: row[keyField] as PrimaryKey,
      collection,
      key,
      text: texts.get(`${collection}:${String(key)}`) ?? `${fieldLabel(collection)} ${String(key)}`,
    };
  });
  return { entries, keyField };
}

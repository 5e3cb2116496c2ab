import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../api/client.js';
import { useSession } from '../auth/session.js';
import { formatValue } from './content-api.js';
import type { PrimaryKey } from './display-value.js';
import type { HistoryEntry } from './history-api.js';
import { readDisplayPlan, readFieldRelations, readOptions } from './related-api.js';

/** `<field>:<key>` → the related item's display text. */
export type RelatedTexts = Map<string, string>;

/**
 * The display text of every related key the history names in a many-to-one field (`author: 2` reads `Ada`):
 * the related collection's template or label, for the items the user may read (others stay keys).
 */
export async function readRelatedTexts(client: Client, collection: string, entries: HistoryEntry[]): Promise<RelatedTexts> {
  const relations = await readFieldRelations(client, collection);
  const keysByField = new Map<string, Set<PrimaryKey>>();
  for (const entry of entries)
    for (const change of entry.changes) {
      if (relations[change.field]?.kind !== 'm2o') continue;
      for (const value of [change.before, change.after])
        if (typeof value === 'string' || typeof value === 'number') {
          const keys = keysByField.get(change.field) ?? new Set<PrimaryKey>();
          keys.add(value);
          keysByField.set(change.field, keys);
        }
    }
  const texts: RelatedTexts = new Map();
  await Promise.all(
    [...keysByField].map(async ([field, keys]) => {
      try {
        const relation = relations[field];
        const plan = relation?.kind === 'm2o' ? await readDisplayPlan(client, relation.related) : null;
        if (!plan) return;
        for (const [key, text] of await readOptions(client, plan, [...keys])) texts.set(`${field}:${key}`, text);
      } catch {
        // Not readable: the keys stay.
      }
    }),
  );
  return texts;
}

/** A value of `field` as shown in the history: a related key by its display text, else the value in words. */
export function relatedText(related: RelatedTexts, field: string, value: unknown): string {
  return (typeof value === 'string' || typeof value === 'number' ? related.get(`${field}:${value}`) : undefined) ?? formatValue(value);
}

/** The related texts of a history, read again when its entries change. */
export function useRelatedTexts(collection: string, entries: HistoryEntry[] | null): RelatedTexts {
  const { client } = useSession();
  const [texts, setTexts] = useState<RelatedTexts>(new Map());
  useEffect(() => {
    if (!entries || entries.length === 0) return;
    let cancelled = false;
    readRelatedTexts(client, collection, entries).then(
      (found) => {
        if (!cancelled) setTexts(found);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [client, collection, entries]);
  return texts;
}

import type { CacheRegistry, RegisteredCache } from '../../../kernel/caches/index.js';
import type { SchemaOverview } from '../../schema-overview/schema-overview.types.js';
import type { QueryResult } from '../query.types.js';
import type { ReadPlan } from './read-plans.js';

/** Plans kept per app instance; the one used longest ago goes first. */
export const MAX_PLANS = 256;
/** Results kept per app instance; the one used longest ago goes first. */
export const MAX_KEPT = 64;
/** Values (objects, arrays, scalars) of all kept results together: a few tens of MB at most (decision 0125). */
export const MAX_KEPT_VALUES = 400_000;
/** Reads seen once (decision 0172): a result is kept only when the same read comes again at the same token. */
export const MAX_SIGHTINGS = 1_024;

/** The read plans of one shape with the schema overview they were built for: a plan of another overview is no plan for this one. */
export type KeptPlan = { schema: SchemaOverview; plans: readonly ReadPlan[] };
/** A result with the plan that read it and the data token it was read at (decision 0033). */
export type KeptEntry = { plan: ReadPlan; token: string; result: QueryResult };
/** A read seen once: its plan and the data token it was read at (decision 0172). */
export type Sighting = { plan: ReadPlan; token: string };

/** The query engine's caches in the app's registry (decision 0050): read plans and kept results. */
export type ReadCaches = {
  plans: RegisteredCache<string, KeptPlan>;
  /** By the exact read (readKey: collection, the whole resolved query, scope, permissions). */
  results: RegisteredCache<string, KeptEntry>;
  /** By the exact read, like `results`: reads answered once and not kept yet. */
  sightings: RegisteredCache<string, Sighting>;
};

/** The registry's own read caches, made at its first read (a registry is one app instance's). */
const byRegistry = new WeakMap<CacheRegistry, ReadCaches>();

export function readCaches(registry: CacheRegistry): ReadCaches {
  let caches = byRegistry.get(registry);
  if (!caches) {
    caches = {
      // A schema change makes new plans anyway (the overview is part of each entry); emptied with it all the same.
      plans: registry.lru<string, KeptPlan>('query.read-plans', { max: MAX_PLANS, invalidatedBy: ['schema'] }),
      // Each result holds its data token: a change anywhere makes the next token differ, so no version empties it.
      results: registry.lru<string, KeptEntry>('query.kept-results', { max: MAX_KEPT, maxSize: MAX_KEPT_VALUES }),
      // Each sighting holds its data token too; small entries, so more of them than of results.
      sightings: registry.lru<string, Sighting>('query.read-sightings', { max: MAX_SIGHTINGS }),
    };
    byRegistry.set(registry, caches);
  }
  return caches;
}

import type { Context } from '../../engine/context.js';
import { forbidden, invalidPayload } from '../../kernel/errors/index.js';
import type { SchemaDeps } from '../collections/index.js';
import { checkSnapshotReferences } from './check-references.js';
import { foreignKeyName } from './constraint-name.js';
import { diffSnapshots, isEmptyDiff } from './diff-snapshots.js';
import { diffFlows, flowsHash, parseFlowsSnapshot, readFlowsSnapshot } from './flows-snapshot.js';
import { hashSnapshot } from './hash-snapshot.js';
import { normaliseSnapshot } from './normalise-snapshot.js';
import { parseSnapshot } from './parse-snapshot.js';
import { readSnapshot } from './read-snapshot.js';
import type { DiffResult, IncomingSnapshot, Snapshot } from './snapshot.types.js';
import { DroppedMetaKeys } from './unknown-meta-keys.js';
import { VENDOR_COLUMN_FACTS } from './vendor-column-types.js';

/** What the schema services need: the collections module's dependencies and the server's version. */
export type SchemaModuleDeps = SchemaDeps & { version: string };

/** Schema snapshots, diffs and applies are for administrators only (everyone else: the generic 403). */
export function assertAdmin(ctx: Context): void {
  if (!ctx.permissions.admin) throw forbidden();
}

/** The instance's schema as a snapshot, frozen (it may be shared between requests), and its hash. */
export type CurrentSchema = { snapshot: Snapshot; hash: string };

/**
 * The instance's snapshot and hash, read from the database (not from the in-memory schema overview: another
 * process, such as the CLI, may have changed the schema). Outside a transaction the snapshot is kept while the
 * schema version stored in the database is unchanged (every schema change raises it, in any process:
 * decision 0010); inside one it is read again (what a transaction sees may never commit).
 */
export async function currentSnapshot(ctx: Context, deps: SchemaModuleDeps): Promise<CurrentSchema> {
  const read = async (): Promise<CurrentSchema> => describeSchema(await readSnapshot(ctx, deps, deps.version));
  return ctx.inTransaction ? read() : deps.schemaStore.cached(`schema-snapshot:${deps.version}`, read);
}

/** The hash is worked out on first use (a snapshot request does not need it). */
function describeSchema(snapshot: Snapshot): CurrentSchema {
  deepFreeze(snapshot);
  let hash: string | null = null;
  return {
    snapshot,
    get hash() {
      hash ??= hashSnapshot(snapshot);
      return hash;
    },
  };
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const nested of Object.values(value)) deepFreeze(nested);
}

/** Whether snapshots and diffs include flows and operations (decision 0077: off unless asked for). */
export type FlowsOption = { flows?: boolean };

/** `GET /schema/snapshot` (with `flows`: the flows and operations too). */
export async function takeSnapshot(ctx: Context, deps: SchemaModuleDeps, options: FlowsOption = {}): Promise<Snapshot> {
  assertAdmin(ctx);
  const { snapshot } = await currentSnapshot(ctx, deps);
  return options.flows ? { ...snapshot, ...(await readFlowsSnapshot(ctx)) } : snapshot;
}

const BYPASS = 'You can bypass this check by passing the "force" query parameter.';

/** A snapshot of another server version or database vendor is refused unless `force`. */
export function checkSource(incoming: IncomingSnapshot, version: string, vendor: string, force: boolean): void {
  if (force) return;
  const { snapshot, origin } = incoming;
  if (snapshot.service !== version) {
    throw invalidPayload(
      `Provided snapshot's ${origin} version ${snapshot.service} does not match the current instance's version ${version}. ${BYPASS}`,
    );
  }
  if (snapshot.vendor === null) throw invalidPayload(`Provided snapshot does not contain the "vendor" property. ${BYPASS}`);
  if (snapshot.vendor !== vendor)
    throw invalidPayload(`Provided snapshot's vendor ${snapshot.vendor} does not match the current instance's vendor ${vendor}. ${BYPASS}`);
}

/**
 * An uploaded snapshot, checked (structure, source, references) and described as this instance would
 * describe it (foreign snapshots mapped; see normaliseSnapshot).
 */
export function prepareSnapshot(
  ctx: Context,
  deps: SchemaModuleDeps,
  input: unknown,
  force: boolean,
  dropped = new DroppedMetaKeys(),
): Snapshot {
  const incoming = parseSnapshot(input);
  checkSource(incoming, deps.version, ctx.dialect.vendor, force);
  const snapshot = normaliseSnapshot(incoming, ctx.dialect.vendor, dropped, ctx.dialect.columnTypeVariants);
  checkSnapshotReferences(snapshot);
  return snapshot;
}

/**
 * Constraint names can't be changed by an apply (a key is only made again when its rules change), so they are
 * never a difference: an existing key keeps the name it has, a new one gets the name Stratum will give it.
 */
function alignConstraintNames(after: Snapshot, current: Snapshot, named: boolean): void {
  const existing = new Map(current.relations.map((r) => [`${r.collection}.${r.field}`, r.schema]));
  for (const relation of after.relations) {
    if (!relation.schema) continue;
    const now = existing.get(`${relation.collection}.${relation.field}`);
    relation.schema.constraint_name = now ? now.constraint_name : named ? foreignKeyName(relation.collection, relation.field) : null;
  }
}

/** A diff and the warnings about meta keys of the upload that were dropped (decision 0022). */
export type DiffAnswer = { result: DiffResult | null; warnings: string[] };

/**
 * `POST /schema/diff`: what it takes to turn this instance's schema into the uploaded snapshot's, with the
 * hash of the instance's schema; null when nothing differs.
 */
export async function diffSchema(
  ctx: Context,
  deps: SchemaModuleDeps,
  input: unknown,
  options: { force: boolean } & FlowsOption,
): Promise<DiffResult | null> {
  return (await diffSchemaWithWarnings(ctx, deps, input, options)).result;
}

/** diffSchema, also naming the meta keys of the upload this server does not store (dropped, not compared). */
export async function diffSchemaWithWarnings(
  ctx: Context,
  deps: SchemaModuleDeps,
  input: unknown,
  options: { force: boolean } & FlowsOption,
): Promise<DiffAnswer> {
  assertAdmin(ctx);
  // With the flows option the upload must carry its flows (checked before anything is read).
  const afterFlows = options.flows ? parseFlowsSnapshot(input) : null;
  // The database is read while the upload is checked (on PostgreSQL and MySQL the two overlap).
  const reading = currentSnapshot(ctx, deps);
  reading.catch(() => undefined);
  const dropped = new DroppedMetaKeys();
  const after = prepareSnapshot(ctx, deps, input, options.force, dropped);
  const current = await reading;
  alignConstraintNames(after, current.snapshot, VENDOR_COLUMN_FACTS[ctx.dialect.vendor].namesConstraints);
  const diff = diffSnapshots(current.snapshot, after);
  if (afterFlows) {
    const currentFlows = await readFlowsSnapshot(ctx);
    const flows = diffFlows(currentFlows, afterFlows);
    const empty = isEmptyDiff(diff) && flows.flows.length === 0 && flows.operations.length === 0;
    return {
      result: empty ? null : { hash: flowsHash(current.hash, currentFlows), diff: { ...diff, ...flows } },
      warnings: dropped.warnings(),
    };
  }
  return { result: isEmptyDiff(diff) ? null : { hash: current.hash, diff }, warnings: dropped.warnings() };
}

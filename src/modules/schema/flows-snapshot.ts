import { createHash } from 'node:crypto';
import deepDiff from 'deep-diff';
import type { Context } from '../../engine/context.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import type { ItemsService } from '../items/index.js';
import { readMetaRows } from './read-meta-rows.js';
import { unwrapData } from './unwrap-data.js';
import type { DiffChange, EntryDiff, FlowsDiff, FlowsSnapshot, SnapshotFlowRow } from './snapshot.types.js';
import { compareText, sortKeysDeep } from './sort-keys-deep.js';

/** What a snapshot keeps of a flow and of an operation: what it does and its links, not who made it when. */
const FLOW_KEYS = ['id', 'name', 'icon', 'color', 'description', 'status', 'trigger', 'accountability', 'options', 'operation'];
const OPERATION_KEYS = ['id', 'name', 'key', 'type', 'position_x', 'position_y', 'options', 'resolve', 'reject', 'flow'];
type Kind = 'flows' | 'operations';
const KEYS: Record<Kind, string[]> = { flows: FLOW_KEYS, operations: OPERATION_KEYS };
const TABLES: Record<Kind, 'service_flows' | 'service_operations'> = { flows: 'service_flows', operations: 'service_operations' };

const pick = (row: Record<string, unknown>, keys: string[]): SnapshotFlowRow => {
  const kept: Record<string, unknown> = {};
  for (const key of keys) kept[key] = row[key] === undefined ? null : sortKeysDeep(row[key]);
  return kept as SnapshotFlowRow;
};

/** The flows and operations of the instance, for a snapshot taken with the flows option: by id, keys in a fixed order. */
export async function readFlowsSnapshot(ctx: Context): Promise<FlowsSnapshot> {
  const [flows, operations] = [await readMetaRows(ctx, 'service_flows'), await readMetaRows(ctx, 'service_operations')];
  const byId = (a: SnapshotFlowRow, b: SnapshotFlowRow) => compareText(a.id, b.id);
  return {
    flows: flows.map((row) => pick(row, FLOW_KEYS)).sort(byId),
    operations: operations.map((row) => pick(row, OPERATION_KEYS)).sort(byId),
  };
}

/** The `flows` and `operations` of an uploaded snapshot: required with the option (an absent list would delete them all). */
export function parseFlowsSnapshot(input: unknown): FlowsSnapshot {
  const document = unwrapData(input);
  if (!isPlainObject(document) || !Array.isArray(document.flows) || !Array.isArray(document.operations)) {
    throw invalidPayload('With the flows option, the snapshot must have "flows" and "operations" lists (take it with ?flows=true)');
  }
  const rows = (kind: Kind): SnapshotFlowRow[] =>
    (document[kind] as unknown[]).map((entry, i) => {
      if (!isPlainObject(entry) || typeof entry.id !== 'string' || entry.id === '') {
        throw invalidPayload(`"${kind}[${i}]" must be an object with an "id"`);
      }
      const unknown = Object.keys(entry).find((key) => !KEYS[kind].includes(key));
      if (unknown !== undefined) throw invalidPayload(`"${kind}[${i}].${unknown}" is not allowed`);
      return pick(entry, KEYS[kind]);
    });
  return { flows: rows('flows'), operations: rows('operations') };
}

/** deep-diff's records as plain objects. */
const plain = (changes: deepDiff.Diff<unknown, unknown>[] | undefined): DiffChange[] =>
  changes ? (JSON.parse(JSON.stringify(changes)) as DiffChange[]) : [];

/** What turns the current flows into the uploaded ones: per id, a new row (N), a gone one (D), or its changes. */
export function diffFlows(current: FlowsSnapshot, after: FlowsSnapshot): FlowsDiff {
  const diffOf = (kind: Kind): EntryDiff[] => {
    const now = new Map(current[kind].map((row) => [row.id, row]));
    const then = new Map(after[kind].map((row) => [row.id, row]));
    const entries: EntryDiff[] = [];
    for (const [id, row] of then) {
      const before = now.get(id);
      const diff = before ? plain(deepDiff.diff(before, row)) : [{ kind: 'N' as const, rhs: row }];
      if (diff.length > 0) entries.push({ id, diff });
    }
    for (const [id, row] of now) if (!then.has(id)) entries.push({ id, diff: [{ kind: 'D', lhs: row }] });
    return entries.sort((a, b) => compareText(a.id, b.id));
  };
  return { flows: diffOf('flows'), operations: diffOf('operations') };
}

/** Checks the `flows` and `operations` entries of an uploaded diff (an id and deep-diff records each). */
export function parseFlowsDiff(
  diff: Record<string, unknown>,
  parseChanges: (entry: Record<string, unknown>, where: string) => DiffChange[],
): FlowsDiff | null {
  if (diff.flows === undefined && diff.operations === undefined) return null;
  const entries = (kind: Kind): EntryDiff[] => {
    const list = diff[kind] ?? [];
    if (!Array.isArray(list)) throw invalidPayload(`"diff.${kind}" must be an array`);
    return list.map((entry: unknown, i) => {
      if (!isPlainObject(entry) || typeof entry.id !== 'string' || entry.id === '') {
        throw invalidPayload(`diff.${kind}[${i}]: must be an object with "id" and "diff"`);
      }
      return { id: entry.id, diff: parseChanges(entry, `${kind === 'flows' ? 'Flow' : 'Operation'} "${entry.id}"`) };
    });
  };
  return { flows: entries('flows'), operations: entries('operations') };
}

export type FlowChange = { action: 'create' | 'update' | 'delete'; kind: 'flow' | 'operation'; id: string };

/** The changes a flows diff makes, checked against the current flows: an entry that does not fit them is a 400. */
function planFlows(current: FlowsSnapshot, diff: FlowsDiff): { change: FlowChange; row: SnapshotFlowRow | null }[] {
  const plan = (kind: Kind) =>
    diff[kind].map((entry) => {
      const now = current[kind].find((row) => row.id === entry.id);
      const label = `${kind === 'flows' ? 'Flow' : 'Operation'} "${entry.id}"`;
      const single = entry.diff.length === 1 && entry.diff[0]!.path === undefined ? entry.diff[0]! : null;
      const one = kind === 'flows' ? ('flow' as const) : ('operation' as const);
      if (single?.kind === 'N') {
        if (now) throw invalidPayload(`${label} exists already; take a new diff`);
        if (!isPlainObject(single.rhs)) throw invalidPayload(`${label}: "rhs" must be an object`);
        return { change: { action: 'create' as const, kind: one, id: entry.id }, row: pick({ ...single.rhs, id: entry.id }, KEYS[kind]) };
      }
      if (!now) throw invalidPayload(`${label} does not exist; take a new diff`);
      if (single?.kind === 'D') return { change: { action: 'delete' as const, kind: one, id: entry.id }, row: null };
      const target = structuredClone(now) as Record<string, unknown>;
      for (const change of entry.diff) {
        if (change.path === undefined || change.path[0] === 'id')
          throw invalidPayload(`${label}: a change must name a key other than "id"`);
        deepDiff.applyChange(target, true, change as deepDiff.Diff<unknown, unknown>);
      }
      return { change: { action: 'update' as const, kind: one, id: entry.id }, row: pick(target, KEYS[kind]) };
    });
  return [...plan('flows'), ...plan('operations')];
}

/** The changes of a flows diff as a dry run lists them, checked. */
export function flowChanges(current: FlowsSnapshot, diff: FlowsDiff): FlowChange[] {
  return planFlows(current, diff).map((step) => step.change);
}

/**
 * Applies a flows diff through the items service (every check of flows and operations applies, the access version
 * is raised so every instance loads them again): flows created and updated first, then operations created,
 * updated and deleted, then flows deleted (their remaining operations with them). Links between operations have
 * no foreign key (decision 0065), so the order of operations among themselves does not matter.
 */
export async function applyFlowsDiff(ctx: Context, items: ItemsService, current: FlowsSnapshot, diff: FlowsDiff): Promise<FlowChange[]> {
  const steps = planFlows(current, diff);
  const write = async (kind: FlowChange['kind'], actions: FlowChange['action'][]) => {
    const table = kind === 'flow' ? TABLES.flows : TABLES.operations;
    for (const { change, row } of steps) {
      if (change.kind !== kind || !actions.includes(change.action)) continue;
      if (change.action === 'create') await items.createOne(ctx, table, row!);
      else if (change.action === 'update') {
        const { id: _id, ...payload } = row!;
        await items.updateOne(ctx, table, change.id, payload);
      } else await items.deleteMany(ctx, table, [change.id]);
    }
  };
  await write('flow', ['create', 'update']);
  await write('operation', ['create', 'update', 'delete']);
  await write('flow', ['delete']);
  return steps.map((step) => step.change);
}

/** The hash of the schema and its flows (what a diff taken with the flows option is checked against). */
export function flowsHash(schemaHash: string, flows: FlowsSnapshot): string {
  return createHash('sha1')
    .update(JSON.stringify({ schema: schemaHash, flows }))
    .digest('hex');
}

import {
  createFlow,
  createOperation,
  deleteFlow,
  deleteOperation,
  readActivities,
  readFlow,
  readFlows,
  readOperations,
  readRevisions,
  updateFlow,
  updateOperation,
} from '@directus/sdk';
import type { Client } from '../api/client.js';
import type { Flow, Operation, Slot } from './flow-model.js';

const FLOW_FIELDS = ['id', 'name', 'description', 'status', 'trigger', 'accountability', 'options', 'operation'];

export async function listFlows(client: Client): Promise<Flow[]> {
  return (await client.request(readFlows({ fields: FLOW_FIELDS, sort: ['name'], limit: -1 } as never))) as Flow[];
}

export async function readOneFlow(client: Client, id: string): Promise<Flow> {
  return (await client.request(readFlow(id, { fields: FLOW_FIELDS } as never))) as Flow;
}

export async function createOneFlow(client: Client, values: Partial<Flow>): Promise<Flow> {
  return (await client.request(createFlow(values as never))) as Flow;
}

export async function updateOneFlow(client: Client, id: string, values: Partial<Flow>): Promise<void> {
  await client.request(updateFlow(id, values as never));
}

export async function deleteOneFlow(client: Client, id: string): Promise<void> {
  await client.request(deleteFlow(id));
}

export async function readFlowOperations(client: Client, flow: string): Promise<Operation[]> {
  return (await client.request(
    readOperations({
      fields: ['id', 'name', 'key', 'type', 'options', 'resolve', 'reject', 'flow', 'position_x', 'position_y'],
      filter: { flow: { _eq: flow } },
      limit: -1,
    } as never),
  )) as Operation[];
}

/** Creates an operation and links it into `slot` (the flow's first, or after an operation on success or failure). */
export async function addOperation(
  client: Client,
  flow: string,
  slot: Slot,
  values: Pick<Operation, 'key' | 'type' | 'options'> & { name: string | null },
  place: { x: number; y: number },
): Promise<void> {
  const created = (await client.request(
    createOperation({ ...values, flow, position_x: place.x, position_y: place.y } as never),
  )) as Operation;
  if (slot.kind === 'first') await client.request(updateFlow(flow, { operation: created.id } as never));
  else await client.request(updateOperation(slot.parent, { [slot.kind]: created.id } as never));
}

export async function saveOperation(client: Client, id: string, values: Partial<Operation>): Promise<void> {
  await client.request(updateOperation(id, values as never));
}

/**
 * Deletes an operation, first unlinking it from where it is linked (the flow's first operation, or another
 * operation's resolve or reject); what followed it stays, unconnected.
 */
export async function removeOperation(client: Client, flow: Flow, operation: Operation, operations: Operation[]): Promise<void> {
  if (flow.operation === operation.id) await client.request(updateFlow(flow.id, { operation: null } as never));
  for (const other of operations) {
    if (other.resolve === operation.id) await client.request(updateOperation(other.id, { resolve: null } as never));
    if (other.reject === operation.id) await client.request(updateOperation(other.id, { reject: null } as never));
  }
  await client.request(deleteOperation(operation.id));
}

/** One recorded run: its activity row, and with accountability `all` the steps and data from its revision. */
export type FlowRun = {
  id: number;
  timestamp: string;
  user: string | null;
  steps: RunStep[] | null;
  data: Record<string, unknown> | null;
};
export type RunStep = { operation: string; key: string; status: 'resolve' | 'reject'; options: unknown; data: unknown };

/** The flow's latest runs (activity `run` rows of service_flows for its id) with their revisions' steps. */
export async function readFlowRuns(client: Client, flow: string, limit = 20): Promise<FlowRun[]> {
  const rows = (await client.request(
    readActivities({
      fields: ['id', 'timestamp', 'user'],
      filter: { _and: [{ collection: { _eq: 'service_flows' } }, { item: { _eq: flow } }, { action: { _eq: 'run' } }] },
      sort: ['-timestamp', '-id'],
      limit,
    } as never),
  )) as { id: number; timestamp: string; user: string | null }[];
  if (rows.length === 0) return [];
  const revisions = (await client.request(
    readRevisions({ fields: ['activity', 'data'], filter: { activity: { _in: rows.map((row) => row.id) } }, limit: -1 } as never),
  )) as { activity: number; data: { steps?: RunStep[]; data?: Record<string, unknown> } | null }[];
  const byActivity = new Map(revisions.map((revision) => [Number(revision.activity), revision.data]));
  return rows.map((row) => {
    const recorded = byActivity.get(Number(row.id));
    return { ...row, steps: recorded?.steps ?? null, data: recorded?.data ?? null };
  });
}

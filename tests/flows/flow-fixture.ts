import { expect } from 'vitest';
import type { TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';

type Row = Record<string, unknown>;

/** An operation of a flow to create: its key, type and options, and the keys it resolves/rejects to. */
export type OperationSpec = { key: string; type: string; options?: Row; resolve?: string; reject?: string };

/**
 * Creates a flow with a chain of operations through the API, as an administrator: the operations first (their
 * resolve/reject links by key), then the flow's first operation. Answers the flow's id.
 */
export async function createFlow(t: TestApp, flow: Row, operations: OperationSpec[] = []): Promise<string> {
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  const created = await admin('POST', '/flows', { status: 'active', accountability: null, ...flow });
  expect(created.statusCode, created.body).toBe(200);
  const id = String(dataOf<Row>(created).id);
  const ids = new Map<string, string>();
  for (const [index, op] of operations.entries()) {
    const response = await admin('POST', '/operations', {
      flow: id,
      key: op.key,
      type: op.type,
      options: op.options ?? {},
      position_x: index,
      position_y: 0,
    });
    expect(response.statusCode, response.body).toBe(200);
    ids.set(op.key, String(dataOf<Row>(response).id));
  }
  for (const op of operations) {
    const links: Row = {};
    if (op.resolve) links.resolve = ids.get(op.resolve);
    if (op.reject) links.reject = ids.get(op.reject);
    if (Object.keys(links).length > 0) expect((await admin('PATCH', `/operations/${ids.get(op.key)}`, links)).statusCode).toBe(200);
  }
  if (operations[0]) expect((await admin('PATCH', `/flows/${id}`, { operation: ids.get(operations[0].key) })).statusCode).toBe(200);
  return id;
}

import {
  aggregate,
  createDashboard,
  createPanel,
  deleteDashboard,
  deletePanel,
  readDashboard,
  readDashboards,
  readItems,
  readPanels,
  updateDashboard,
  updatePanel,
} from '@directus/sdk';
import type { Client } from '../api/client.js';
import { errorStatus, requestMessage } from '../api/errors.js';
import type { Dashboard, Panel, PanelRequest } from './panel-model.js';

const DASHBOARD_FIELDS = ['id', 'name', 'icon', 'note', 'color'];
const PANEL_FIELDS = [
  'id',
  'dashboard',
  'name',
  'icon',
  'color',
  'show_header',
  'note',
  'type',
  'position_x',
  'position_y',
  'width',
  'height',
  'options',
];

export async function listDashboards(client: Client): Promise<Dashboard[]> {
  return (await client.request(readDashboards({ fields: DASHBOARD_FIELDS, sort: ['name'], limit: -1 } as never))) as Dashboard[];
}

export async function readOneDashboard(client: Client, id: string): Promise<Dashboard> {
  return (await client.request(readDashboard(id, { fields: DASHBOARD_FIELDS } as never))) as Dashboard;
}

export async function createOneDashboard(client: Client, values: Partial<Dashboard>): Promise<Dashboard> {
  return (await client.request(createDashboard(values as never))) as Dashboard;
}

export async function updateOneDashboard(client: Client, id: string, values: Partial<Dashboard>): Promise<void> {
  await client.request(updateDashboard(id, values as never));
}

/** Deletes a dashboard; the server deletes its panels with it. */
export async function deleteOneDashboard(client: Client, id: string): Promise<void> {
  await client.request(deleteDashboard(id));
}

export async function listPanels(client: Client, dashboard: string): Promise<Panel[]> {
  return (await client.request(
    readPanels({ fields: PANEL_FIELDS, filter: { dashboard: { _eq: dashboard } }, sort: ['position_y', 'position_x'], limit: -1 } as never),
  )) as Panel[];
}

export async function savePanel(client: Client, id: string | null, values: Omit<Panel, 'id'>): Promise<void> {
  if (id === null) await client.request(createPanel(values as never));
  else await client.request(updatePanel(id, values as never));
}

export async function deleteOnePanel(client: Client, id: string): Promise<void> {
  await client.request(deletePanel(id));
}

/** What a panel's request answered: rows, "no access" (403: the viewer may not read it), or a message. */
export type PanelAnswer = { kind: 'rows'; rows: Record<string, unknown>[] } | { kind: 'no-access' } | { kind: 'failed'; message: string };

/** Runs a panel's request through the public API, as the signed-in viewer. */
export async function runPanelRequest(client: Client, request: Exclude<PanelRequest, { kind: 'none' }>): Promise<PanelAnswer> {
  try {
    const rows =
      request.kind === 'items'
        ? await client.request(readItems(request.collection as never, request.query as never))
        : await client.request(
            aggregate(
              request.collection as never,
              {
                aggregate: request.aggregate,
                ...(request.groupBy.length > 0 ? { groupBy: request.groupBy } : {}),
                query: request.query,
              } as never,
            ),
          );
    return { kind: 'rows', rows: rows as Record<string, unknown>[] };
  } catch (failure) {
    if (errorStatus(failure) === 403) return { kind: 'no-access' };
    return { kind: 'failed', message: requestMessage(failure) };
  }
}

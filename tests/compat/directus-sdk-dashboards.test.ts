import {
  createDashboard,
  createDashboards,
  createDirectus,
  createPanel,
  createPanels,
  deleteDashboard,
  deleteDashboards,
  deletePanel,
  deletePanels,
  readDashboard,
  readDashboards,
  readPanel,
  readPanels,
  rest,
  staticToken,
  updateDashboard,
  updateDashboards,
  updateDashboardsBatch,
  updatePanel,
  updatePanels,
  updatePanelsBatch,
} from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';

/** The dashboard and panel commands of the official @directus/sdk against a listening server. */
describe('@directus/sdk dashboard and panel commands', () => {
  let t: TestApp;
  let url = '';

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, reads, updates (one, many, batch) and deletes dashboards and their panels', async () => {
    const sdk = createDirectus(url).with(staticToken(t.adminToken)).with(rest());
    const place = { position_x: 1, position_y: 1, width: 6, height: 4 };
    const one = await sdk.request(createDashboard({ name: 'One' }));
    expect(one).toMatchObject({ name: 'One', icon: 'dashboard' });
    const [two, three] = await sdk.request(createDashboards([{ name: 'Two' }, { name: 'Three' }]));
    const panel = await sdk.request(createPanel({ dashboard: one.id, type: 'label', options: { text: 'Hi' }, ...place }));
    expect(panel).toMatchObject({ dashboard: one.id, type: 'label', options: { text: 'Hi' }, show_header: false });
    const more = await sdk.request(
      createPanels([
        { dashboard: one.id, type: 'metric', ...place },
        { dashboard: two!.id, type: 'list', ...place },
      ]),
    );
    expect(await sdk.request(readDashboard(one.id, { fields: ['name', { panels: ['type'] }] }))).toMatchObject({
      name: 'One',
      panels: expect.arrayContaining([{ type: 'label' }, { type: 'metric' }]),
    });
    expect((await sdk.request(readDashboards({ filter: { name: { _in: ['Two', 'Three'] } } }))).length).toBe(2);
    expect(await sdk.request(readPanel(panel.id, { fields: ['type'] }))).toEqual({ type: 'label' });
    expect((await sdk.request(readPanels({ filter: { dashboard: { _eq: one.id } } }))).length).toBe(2);

    expect(await sdk.request(updateDashboard(one.id, { note: 'Noted' }))).toMatchObject({ note: 'Noted' });
    await sdk.request(updateDashboards([two!.id, three!.id], { color: '#112233' }));
    await sdk.request(updateDashboardsBatch([{ id: two!.id, name: 'Two, renamed' }]));
    expect(await sdk.request(readDashboard(two!.id, { fields: ['name', 'color'] }))).toEqual({ name: 'Two, renamed', color: '#112233' });
    expect(await sdk.request(updatePanel(panel.id, { width: 9 }))).toMatchObject({ width: 9 });
    await sdk.request(updatePanels([more[0]!.id, more[1]!.id], { show_header: true }));
    await sdk.request(updatePanelsBatch([{ id: more[0]!.id, name: 'Count' }]));
    expect(await sdk.request(readPanel(more[0]!.id, { fields: ['name', 'show_header'] }))).toEqual({ name: 'Count', show_header: true });

    await sdk.request(deletePanel(panel.id));
    await sdk.request(deletePanels([more[0]!.id]));
    await sdk.request(deleteDashboard(one.id));
    await sdk.request(deleteDashboards([two!.id, three!.id]));
    // Deleting a dashboard deleted its panels.
    expect(await sdk.request(readPanels({ filter: { id: { _eq: more[1]!.id } } }))).toEqual([]);
  });
});

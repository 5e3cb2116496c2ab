import type { SystemCollectionSpec, SystemFieldSpec, SystemRelationSpec } from './system-collections.js';

const str: SystemFieldSpec = { type: 'string' };
const text: SystemFieldSpec = { type: 'text' };
const int: SystemFieldSpec = { type: 'integer' };
const uuid: SystemFieldSpec = { type: 'uuid' };
const dateCreated: SystemFieldSpec = { type: 'timestamp', special: ['date-created'] };
const userCreated: SystemFieldSpec = { type: 'uuid', special: ['user-created'] };

/**
 * The Insights collections (Directus 11's `directus_dashboards`, `directus_panels`): a dashboard and the panels
 * placed on its grid. Content, not schema: they never appear in schema snapshots.
 */
export const INSIGHTS_COLLECTIONS: SystemCollectionSpec[] = [
  {
    collection: 'service_dashboards',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: { type: 'uuid', special: ['uuid'] },
      name: str,
      icon: str,
      note: text,
      date_created: dateCreated,
      user_created: userCreated,
      color: str,
      panels: { type: 'alias', special: ['o2m'] },
    },
  },
  {
    collection: 'service_panels',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: { type: 'uuid', special: ['uuid'] },
      dashboard: uuid,
      name: str,
      icon: str,
      color: str,
      show_header: { type: 'boolean', special: ['cast-boolean'] },
      note: text,
      type: str,
      position_x: int,
      position_y: int,
      width: int,
      height: int,
      options: { type: 'json', special: ['cast-json'] },
      date_created: dateCreated,
      user_created: userCreated,
    },
  },
];

export const INSIGHTS_RELATIONS: SystemRelationSpec[] = [
  { collection: 'service_dashboards', field: 'user_created', related: 'service_users', oneField: null },
  { collection: 'service_panels', field: 'dashboard', related: 'service_dashboards', oneField: 'panels' },
  { collection: 'service_panels', field: 'user_created', related: 'service_users', oneField: null },
];

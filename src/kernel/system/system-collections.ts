import { COLLABORATION_COLLECTIONS, COLLABORATION_RELATIONS } from './collaboration-collections.js';
import type { FieldType } from './field-types.js';
import { INSIGHTS_COLLECTIONS, INSIGHTS_RELATIONS } from './insights-collections.js';

/**
 * The system collections (`service_*`) as the API sees them: field types, specials and alias fields.
 * Physical columns (nullability, defaults, lengths) come from introspection of the tables the
 * migrations create; this declaration adds what a column cannot say (uuid, json, csv, hash, conceal, o2m).
 */
export type SystemFieldSpec = { type: FieldType; special?: string[] };
export type SystemCollectionSpec = {
  collection: string;
  primary: string;
  accountability: 'all' | 'activity' | null;
  singleton?: boolean;
  sortField?: string;
  fields: Record<string, SystemFieldSpec>;
};
export type SystemRelationSpec = {
  collection: string;
  field: string;
  related: string;
  oneField: string | null;
};

const uuidPk: SystemFieldSpec = { type: 'uuid', special: ['uuid'] };
const uuid: SystemFieldSpec = { type: 'uuid' };
const str: SystemFieldSpec = { type: 'string' };
const text: SystemFieldSpec = { type: 'text' };
const int: SystemFieldSpec = { type: 'integer' };
const bool: SystemFieldSpec = { type: 'boolean', special: ['cast-boolean'] };
const json: SystemFieldSpec = { type: 'json', special: ['cast-json'] };
const csv: SystemFieldSpec = { type: 'csv', special: ['cast-csv'] };
const ts: SystemFieldSpec = { type: 'timestamp' };
const o2m: SystemFieldSpec = { type: 'alias', special: ['o2m'] };

export const SYSTEM_COLLECTIONS: SystemCollectionSpec[] = [
  {
    collection: 'service_users',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: uuidPk,
      first_name: str,
      last_name: str,
      email: str,
      password: { type: 'hash', special: ['hash', 'conceal'] },
      location: str,
      title: str,
      description: text,
      tags: json,
      avatar: uuid,
      language: str,
      tfa_secret: { type: 'string', special: ['conceal'] },
      tfa_recovery_codes: { type: 'json', special: ['cast-json', 'conceal'] },
      status: str,
      role: uuid,
      token: { type: 'string', special: ['conceal'] },
      last_access: ts,
      last_page: str,
      provider: str,
      external_identifier: str,
      auth_data: { type: 'json', special: ['cast-json', 'conceal'] },
      email_notifications: bool,
      appearance: str,
      policies: o2m,
    },
  },
  {
    collection: 'service_roles',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: uuidPk,
      name: str,
      icon: str,
      description: text,
      parent: uuid,
      children: o2m,
      policies: o2m,
      users: o2m,
    },
  },
  {
    collection: 'service_policies',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: uuidPk,
      name: str,
      icon: str,
      description: text,
      ip_access: csv,
      enforce_tfa: bool,
      admin_access: bool,
      app_access: bool,
      permissions: o2m,
      roles: o2m,
    },
  },
  {
    collection: 'service_access',
    primary: 'id',
    accountability: 'all',
    sortField: 'sort',
    fields: { id: uuidPk, role: uuid, user: uuid, policy: uuid, sort: int },
  },
  {
    collection: 'service_permissions',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: int,
      collection: str,
      action: str,
      permissions: json,
      validation: json,
      presets: json,
      fields: csv,
      policy: uuid,
    },
  },
  {
    collection: 'service_activity',
    primary: 'id',
    accountability: null,
    fields: {
      id: int,
      action: str,
      user: uuid,
      timestamp: ts,
      ip: str,
      user_agent: text,
      collection: str,
      item: str,
      comment: text,
      origin: str,
      revisions: o2m,
    },
  },
  {
    collection: 'service_revisions',
    primary: 'id',
    accountability: null,
    fields: { id: int, activity: int, collection: str, item: str, data: json, delta: json, parent: int },
  },
  {
    collection: 'service_sessions',
    primary: 'id',
    accountability: null,
    fields: {
      id: uuidPk,
      token: { type: 'string', special: ['conceal'] },
      user: uuid,
      expires: ts,
      ip: str,
      user_agent: text,
      origin: str,
      next_token: { type: 'string', special: ['conceal'] },
      date_created: ts,
      last_used: ts,
      family: uuid,
      share: uuid,
    },
  },
  {
    collection: 'service_collections',
    primary: 'collection',
    accountability: 'all',
    fields: {
      collection: str,
      icon: str,
      note: text,
      display_template: str,
      hidden: bool,
      singleton: bool,
      translations: json,
      archive_field: str,
      archive_app_filter: bool,
      archive_value: str,
      unarchive_value: str,
      sort_field: str,
      accountability: str,
      color: str,
      item_duplication_fields: json,
      sort: int,
      group: str,
      collapse: str,
      preview_url: str,
      versioning: bool,
    },
  },
  {
    collection: 'service_fields',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: int,
      collection: str,
      field: str,
      special: csv,
      interface: str,
      options: json,
      display: str,
      display_options: json,
      readonly: bool,
      hidden: bool,
      sort: int,
      width: str,
      translations: json,
      note: text,
      conditions: json,
      required: bool,
      group: str,
      validation: json,
      validation_message: text,
      searchable: bool,
    },
  },
  {
    collection: 'service_relations',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: int,
      many_collection: str,
      many_field: str,
      one_collection: str,
      one_field: str,
      one_collection_field: str,
      one_allowed_collections: csv,
      junction_field: str,
      sort_field: str,
      one_deselect_action: str,
    },
  },
  {
    collection: 'service_settings',
    primary: 'id',
    accountability: 'all',
    singleton: true,
    fields: {
      id: int,
      project_name: str,
      project_url: str,
      project_color: str,
      project_descriptor: str,
      public_note: text,
      auth_login_attempts: int,
      auth_password_policy: str,
      default_language: str,
      default_appearance: str,
      custom_css: text,
      storage_asset_transform: str,
      storage_asset_presets: json,
      storage_default_folder: uuid,
      public_registration: bool,
      public_registration_verify_email: bool,
      public_registration_role: uuid,
      public_registration_email_filter: json,
    },
  },
  {
    collection: 'service_presets',
    primary: 'id',
    accountability: null,
    fields: {
      id: int,
      bookmark: str,
      user: uuid,
      role: uuid,
      collection: str,
      search: str,
      layout: str,
      layout_query: json,
      layout_options: json,
      refresh_interval: int,
      filter: json,
      icon: str,
      color: str,
    },
  },
  {
    collection: 'service_folders',
    primary: 'id',
    accountability: 'all',
    fields: { id: uuidPk, name: str, parent: uuid },
  },
  {
    collection: 'service_files',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: uuidPk,
      storage: str,
      filename_disk: str,
      filename_download: str,
      title: str,
      type: str,
      folder: uuid,
      uploaded_by: { type: 'uuid', special: ['user-created'] },
      created_on: { type: 'timestamp', special: ['date-created'] },
      modified_by: { type: 'uuid', special: ['user-updated'] },
      modified_on: { type: 'timestamp', special: ['date-updated'] },
      charset: str,
      filesize: { type: 'bigInteger' },
      width: int,
      height: int,
      duration: int,
      embed: str,
      description: text,
      location: text,
      tags: json,
      metadata: json,
      focal_point_x: int,
      focal_point_y: int,
      checksum: str,
      uploaded_on: ts,
    },
  },
  {
    collection: 'service_flows',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: uuidPk,
      name: str,
      icon: str,
      color: str,
      description: text,
      status: str,
      trigger: str,
      accountability: str,
      options: json,
      operation: uuid,
      date_created: { type: 'timestamp', special: ['date-created'] },
      user_created: { type: 'uuid', special: ['user-created'] },
      operations: o2m,
    },
  },
  {
    collection: 'service_operations',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: uuidPk,
      name: str,
      key: str,
      type: str,
      position_x: int,
      position_y: int,
      options: json,
      resolve: uuid,
      reject: uuid,
      flow: uuid,
      date_created: { type: 'timestamp', special: ['date-created'] },
      user_created: { type: 'uuid', special: ['user-created'] },
    },
  },
  ...COLLABORATION_COLLECTIONS,
  ...INSIGHTS_COLLECTIONS,
  {
    collection: 'service_migrations',
    primary: 'version',
    accountability: null,
    fields: { version: str, name: str, timestamp: ts },
  },
];

export const SYSTEM_RELATIONS: SystemRelationSpec[] = [
  { collection: 'service_users', field: 'role', related: 'service_roles', oneField: 'users' },
  { collection: 'service_roles', field: 'parent', related: 'service_roles', oneField: 'children' },
  { collection: 'service_access', field: 'role', related: 'service_roles', oneField: 'policies' },
  { collection: 'service_access', field: 'user', related: 'service_users', oneField: 'policies' },
  { collection: 'service_access', field: 'policy', related: 'service_policies', oneField: 'roles' },
  { collection: 'service_permissions', field: 'policy', related: 'service_policies', oneField: 'permissions' },
  { collection: 'service_activity', field: 'user', related: 'service_users', oneField: null },
  { collection: 'service_revisions', field: 'activity', related: 'service_activity', oneField: 'revisions' },
  { collection: 'service_revisions', field: 'parent', related: 'service_revisions', oneField: null },
  { collection: 'service_sessions', field: 'user', related: 'service_users', oneField: null },
  { collection: 'service_presets', field: 'user', related: 'service_users', oneField: null },
  { collection: 'service_presets', field: 'role', related: 'service_roles', oneField: null },
  { collection: 'service_folders', field: 'parent', related: 'service_folders', oneField: null },
  { collection: 'service_files', field: 'folder', related: 'service_folders', oneField: null },
  { collection: 'service_files', field: 'uploaded_by', related: 'service_users', oneField: null },
  { collection: 'service_files', field: 'modified_by', related: 'service_users', oneField: null },
  { collection: 'service_users', field: 'avatar', related: 'service_files', oneField: null },
  { collection: 'service_flows', field: 'operation', related: 'service_operations', oneField: null },
  { collection: 'service_flows', field: 'user_created', related: 'service_users', oneField: null },
  { collection: 'service_operations', field: 'flow', related: 'service_flows', oneField: 'operations' },
  { collection: 'service_operations', field: 'resolve', related: 'service_operations', oneField: null },
  { collection: 'service_operations', field: 'reject', related: 'service_operations', oneField: null },
  { collection: 'service_operations', field: 'user_created', related: 'service_users', oneField: null },
  { collection: 'service_settings', field: 'storage_default_folder', related: 'service_folders', oneField: null },
  ...COLLABORATION_RELATIONS,
  ...INSIGHTS_RELATIONS,
  { collection: 'service_settings', field: 'public_registration_role', related: 'service_roles', oneField: null },
];

export const SYSTEM_PREFIX = 'service_';

export function isSystemCollection(name: string): boolean {
  return name.startsWith(SYSTEM_PREFIX);
}

const DIRECTUS_PREFIX = 'directus_';
const SYSTEM_NAMES = new Set(SYSTEM_COLLECTIONS.map((c) => c.collection));

/**
 * A collection name as a script written for Directus gives it: Directus's `directus_users`, `directus_files`, … is
 * the matching system collection (`service_users`, …) where Stratum has one; every other name is returned as given.
 */
export function systemCollectionName(name: string): string {
  if (!name.startsWith(DIRECTUS_PREFIX)) return name;
  const own = `${SYSTEM_PREFIX}${name.slice(DIRECTUS_PREFIX.length)}`;
  return SYSTEM_NAMES.has(own) ? own : name;
}

/** The fixed id of the public policy (attached through an access row with neither role nor user). */
export const PUBLIC_POLICY_ID = 'abf8a154-5b1c-4a46-ac9c-7300570f4f17';

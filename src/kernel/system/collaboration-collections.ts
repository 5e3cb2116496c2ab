import type { SystemCollectionSpec, SystemFieldSpec, SystemRelationSpec } from './system-collections.js';

const str: SystemFieldSpec = { type: 'string' };
const text: SystemFieldSpec = { type: 'text' };
const uuid: SystemFieldSpec = { type: 'uuid' };

/**
 * The system collections people work together through (Directus 11's `directus_notifications`,
 * `directus_comments`, `directus_shares`, `directus_versions`,
 * `directus_translations`): declared apart from the access-control and schema collections, listed with them in
 * SYSTEM_COLLECTIONS.
 */
export const COLLABORATION_COLLECTIONS: SystemCollectionSpec[] = [
  {
    collection: 'service_notifications',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: { type: 'integer' },
      timestamp: { type: 'timestamp', special: ['date-created'] },
      status: str,
      recipient: uuid,
      sender: uuid,
      subject: str,
      message: text,
      collection: str,
      item: str,
    },
  },
  {
    collection: 'service_comments',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: { type: 'uuid', special: ['uuid'] },
      collection: str,
      item: str,
      comment: text,
      date_created: { type: 'timestamp', special: ['date-created'] },
      date_updated: { type: 'timestamp', special: ['date-updated'] },
      user_created: { type: 'uuid', special: ['user-created'] },
      user_updated: { type: 'uuid', special: ['user-updated'] },
    },
  },
  {
    collection: 'service_shares',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: { type: 'uuid', special: ['uuid'] },
      name: str,
      collection: str,
      item: str,
      role: uuid,
      password: { type: 'hash', special: ['hash', 'conceal'] },
      user_created: { type: 'uuid', special: ['user-created'] },
      date_created: { type: 'timestamp', special: ['date-created'] },
      date_start: { type: 'timestamp' },
      date_end: { type: 'timestamp' },
      times_used: { type: 'integer' },
      max_uses: { type: 'integer' },
    },
  },
  {
    collection: 'service_translations',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: { type: 'uuid', special: ['uuid'] },
      language: str,
      key: str,
      value: text,
    },
  },
  {
    collection: 'service_versions',
    primary: 'id',
    accountability: 'all',
    fields: {
      id: { type: 'uuid', special: ['uuid'] },
      key: str,
      name: str,
      collection: str,
      item: str,
      hash: str,
      date_created: { type: 'timestamp', special: ['date-created'] },
      date_updated: { type: 'timestamp', special: ['date-updated'] },
      user_created: { type: 'uuid', special: ['user-created'] },
      user_updated: { type: 'uuid', special: ['user-updated'] },
      delta: { type: 'json', special: ['cast-json'] },
    },
  },
];

export const COLLABORATION_RELATIONS: SystemRelationSpec[] = [
  { collection: 'service_notifications', field: 'recipient', related: 'service_users', oneField: null },
  { collection: 'service_notifications', field: 'sender', related: 'service_users', oneField: null },
  { collection: 'service_comments', field: 'user_created', related: 'service_users', oneField: null },
  { collection: 'service_comments', field: 'user_updated', related: 'service_users', oneField: null },
  { collection: 'service_shares', field: 'role', related: 'service_roles', oneField: null },
  { collection: 'service_shares', field: 'user_created', related: 'service_users', oneField: null },
  { collection: 'service_versions', field: 'user_created', related: 'service_users', oneField: null },
  { collection: 'service_versions', field: 'user_updated', related: 'service_users', oneField: null },
];

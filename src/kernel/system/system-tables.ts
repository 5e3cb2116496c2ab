import type { FieldType } from './field-types.js';

/** A column of a system table: what the dialect's column DDL takes, plus "defaults to now" and a foreign key. */
export type SystemColumn = {
  name: string;
  type: FieldType;
  maxLength?: number | null;
  nullable?: boolean;
  defaultValue?: unknown;
  unique?: boolean;
  primaryKey?: boolean;
  autoIncrement?: boolean;
  defaultNow?: boolean;
  references?: { table: string; column?: string; onDelete: 'CASCADE' | 'SET NULL' };
};

export type SystemTable = {
  name: string;
  columns: SystemColumn[];
  /** Plain indexes, each a list of columns. */
  indexes?: string[][];
  /** Multi-column unique constraints (single-column ones are `unique: true` on the column). */
  uniques?: string[][];
};

const uuidKey = (): SystemColumn => ({ name: 'id', type: 'uuid', primaryKey: true });
const serialKey = (): SystemColumn => ({ name: 'id', type: 'integer', primaryKey: true, autoIncrement: true });
const string = (name: string, maxLength: number, more: Partial<SystemColumn> = {}): SystemColumn => ({
  name,
  type: 'string',
  maxLength,
  ...more,
});
const text = (name: string): SystemColumn => ({ name, type: 'text' });
const json = (name: string): SystemColumn => ({ name, type: 'json' });
const flag = (name: string, defaultValue: boolean, nullable = false): SystemColumn => ({ name, type: 'boolean', nullable, defaultValue });
const integer = (name: string, more: Partial<SystemColumn> = {}): SystemColumn => ({ name, type: 'integer', ...more });
const timestamp = (name: string, more: Partial<SystemColumn> = {}): SystemColumn => ({ name, type: 'timestamp', ...more });
const uuidRef = (name: string, table: string, onDelete: 'CASCADE' | 'SET NULL', nullable = true): SystemColumn => ({
  name,
  type: 'uuid',
  nullable,
  references: { table, onDelete },
});

/**
 * The physical system tables (`service_*`) in dependency order, as the first migration (20261122A) creates them;
 * later migrations add to them. Columns are the non-alias fields of
 * system-collections.ts; every foreign key column also gets an index (PostgreSQL and SQLite
 * do not add one, and cascades and relational reads need it).
 */
export const SYSTEM_TABLES: SystemTable[] = [
  {
    name: 'service_roles',
    columns: [
      uuidKey(),
      string('name', 100, { nullable: false }),
      string('icon', 64, { nullable: false, defaultValue: 'supervised_user_circle' }),
      text('description'),
      uuidRef('parent', 'service_roles', 'SET NULL'),
    ],
    indexes: [['parent']],
  },
  {
    name: 'service_policies',
    columns: [
      uuidKey(),
      string('name', 100, { nullable: false }),
      string('icon', 64, { nullable: false, defaultValue: 'badge' }),
      text('description'),
      text('ip_access'),
      flag('enforce_tfa', false),
      flag('admin_access', false),
      flag('app_access', false),
    ],
  },
  {
    name: 'service_users',
    columns: [
      uuidKey(),
      string('first_name', 50),
      string('last_name', 50),
      string('email', 128, { unique: true }),
      string('password', 255),
      string('location', 255),
      string('title', 50),
      text('description'),
      json('tags'),
      { name: 'avatar', type: 'uuid' },
      string('language', 255),
      string('tfa_secret', 255),
      string('status', 16, { nullable: false, defaultValue: 'active' }),
      uuidRef('role', 'service_roles', 'SET NULL'),
      string('token', 255, { unique: true }),
      timestamp('last_access'),
      string('last_page', 255),
      string('provider', 128, { nullable: false, defaultValue: 'default' }),
      string('external_identifier', 255, { unique: true }),
      json('auth_data'),
      flag('email_notifications', true, true),
      string('appearance', 255),
    ],
    indexes: [['role']],
  },
  {
    name: 'service_access',
    columns: [
      uuidKey(),
      uuidRef('role', 'service_roles', 'CASCADE'),
      uuidRef('user', 'service_users', 'CASCADE'),
      uuidRef('policy', 'service_policies', 'CASCADE', false),
      integer('sort'),
    ],
    indexes: [['role'], ['user'], ['policy']],
  },
  {
    name: 'service_permissions',
    columns: [
      serialKey(),
      string('collection', 64, { nullable: false }),
      string('action', 10, { nullable: false }),
      json('permissions'),
      json('validation'),
      json('presets'),
      text('fields'),
      uuidRef('policy', 'service_policies', 'CASCADE', false),
    ],
    indexes: [['policy'], ['collection', 'action']],
  },
  {
    name: 'service_activity',
    columns: [
      serialKey(),
      string('action', 45, { nullable: false }),
      { name: 'user', type: 'uuid' },
      timestamp('timestamp', { nullable: false, defaultNow: true }),
      string('ip', 50),
      text('user_agent'),
      string('collection', 64, { nullable: false }),
      string('item', 255, { nullable: false }),
      text('comment'),
      string('origin', 255),
    ],
    indexes: [['collection', 'item', 'timestamp'], ['user', 'timestamp'], ['action', 'timestamp'], ['timestamp']],
  },
  {
    name: 'service_revisions',
    columns: [
      serialKey(),
      integer('activity', { nullable: false, references: { table: 'service_activity', onDelete: 'CASCADE' } }),
      string('collection', 64, { nullable: false }),
      string('item', 255, { nullable: false }),
      json('data'),
      json('delta'),
      integer('parent', { references: { table: 'service_revisions', onDelete: 'SET NULL' } }),
    ],
    indexes: [['activity'], ['collection', 'item'], ['parent']],
  },
  {
    name: 'service_sessions',
    columns: [
      uuidKey(),
      string('token', 128, { nullable: false, unique: true }),
      uuidRef('user', 'service_users', 'CASCADE'),
      timestamp('expires', { nullable: false }),
      string('ip', 255),
      text('user_agent'),
      string('origin', 255),
      string('next_token', 128),
      timestamp('date_created', { defaultNow: true }),
      timestamp('last_used'),
    ],
    indexes: [['user']],
  },
  {
    name: 'service_collections',
    columns: [
      string('collection', 64, { primaryKey: true }),
      string('icon', 64),
      text('note'),
      string('display_template', 255),
      flag('hidden', false),
      flag('singleton', false),
      json('translations'),
      string('archive_field', 64),
      flag('archive_app_filter', true),
      string('archive_value', 255),
      string('unarchive_value', 255),
      string('sort_field', 64),
      string('accountability', 255, { defaultValue: 'all' }),
      string('color', 255),
      json('item_duplication_fields'),
      integer('sort'),
      string('group', 64),
      string('collapse', 255, { nullable: false, defaultValue: 'open' }),
      string('preview_url', 255),
      flag('versioning', false),
    ],
  },
  {
    name: 'service_fields',
    columns: [
      serialKey(),
      string('collection', 64, { nullable: false }),
      string('field', 64, { nullable: false }),
      string('special', 64),
      string('interface', 64),
      json('options'),
      string('display', 64),
      json('display_options'),
      flag('readonly', false),
      flag('hidden', false),
      integer('sort'),
      string('width', 30, { defaultValue: 'full' }),
      json('translations'),
      text('note'),
      json('conditions'),
      flag('required', false, true),
      string('group', 64),
      json('validation'),
      text('validation_message'),
      flag('searchable', true),
    ],
    uniques: [['collection', 'field']],
  },
  {
    name: 'service_relations',
    columns: [
      serialKey(),
      string('many_collection', 64, { nullable: false }),
      string('many_field', 64, { nullable: false }),
      string('one_collection', 64),
      string('one_field', 64),
      string('one_collection_field', 64),
      text('one_allowed_collections'),
      string('junction_field', 64),
      string('sort_field', 64),
      string('one_deselect_action', 255, { nullable: false, defaultValue: 'nullify' }),
    ],
  },
  {
    name: 'service_settings',
    columns: [
      serialKey(),
      string('project_name', 100, { nullable: false, defaultValue: 'Stratum' }),
      string('project_url', 255),
      string('project_color', 255, { defaultValue: '#6644FF' }),
      string('project_descriptor', 100),
      text('public_note'),
      integer('auth_login_attempts', { defaultValue: 25 }),
      string('auth_password_policy', 255),
      string('default_language', 255, { nullable: false, defaultValue: 'en-US' }),
      string('default_appearance', 255, { nullable: false, defaultValue: 'auto' }),
      text('custom_css'),
    ],
  },
  {
    name: 'service_migrations',
    columns: [
      string('version', 255, { primaryKey: true }),
      string('name', 255, { nullable: false }),
      timestamp('timestamp', { defaultNow: true }),
    ],
  },
];

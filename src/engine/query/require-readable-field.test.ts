import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../tests/support/capture-error.js';
import type { PermissionRule, PermissionSet } from '../permissions/permissions.types.js';
import { isConcealed } from '../schema-overview/is-concealed.js';
import type { FieldOverview, SchemaOverview } from '../schema-overview/schema-overview.types.js';
import { readableField, requireReadableField, type FieldUse } from './require-readable-field.js';

const field = (name: string, type: FieldOverview['type'], special: string[] = []): FieldOverview => ({
  field: name,
  type,
  dbType: 'x',
  nullable: true,
  defaultValue: null,
  maxLength: null,
  precision: null,
  scale: null,
  primaryKey: name === 'id',
  autoIncrement: false,
  generated: false,
  unique: false,
  special,
  alias: false,
  searchable: true,
  required: false,
  validation: null,
  hasMeta: true,
});
const fields = [
  field('id', 'integer'),
  field('label', 'string'),
  field('secret', 'string', ['conceal']),
  field('pin', 'hash', ['hash']),
  field('digest', 'string', ['hash']),
  field('hidden', 'string'),
];
const schema: SchemaOverview = {
  collections: {
    vault: {
      collection: 'vault',
      primary: 'id',
      singleton: false,
      sortField: null,
      accountability: null,
      system: false,
      hasMeta: true,
      fields: Object.fromEntries(fields.map((f) => [f.field, f])),
    },
  },
  relations: [],
};
const rule: PermissionRule = {
  id: 1,
  policy: 'p',
  collection: 'vault',
  action: 'read',
  permissions: null,
  validation: null,
  presets: null,
  fields: ['id', 'label', 'secret', 'pin', 'digest'],
};
const reader: PermissionSet = { admin: false, rules: [rule], index: new Map([['vault:read', [rule]]]) };
const admin: PermissionSet = { admin: true, rules: [], index: new Map() };

describe('isConcealed', () => {
  it('is true for special conceal or hash and for type hash', () => {
    expect(fields.filter(isConcealed).map((f) => f.field)).toEqual(['secret', 'pin', 'digest']);
  });
});

describe('readableField / requireReadableField', () => {
  const cases: [string, FieldUse, boolean][] = [
    ['label', 'show', true],
    ['label', 'value', true],
    ['secret', 'show', true],
    ['secret', 'presence', true],
    ['secret', 'value', false],
    ['pin', 'value', false],
    ['digest', 'value', false],
    ['hidden', 'show', false],
    ['hidden', 'presence', false],
    ['nope', 'show', false],
  ];
  it.each(cases)('%s used as %s: %s', (name, use, allowed) => {
    expect(readableField({ schema, permissions: reader }, 'vault', name, use) !== null).toBe(allowed);
  });

  it('refuses a concealed value even to an administrator; a permission rule (trusted) is not checked', () => {
    expect(readableField({ schema, permissions: admin }, 'vault', 'secret', 'value')).toBeNull();
    expect(readableField({ schema, permissions: admin }, 'vault', 'secret', 'show')).not.toBeNull();
    expect(readableField({ schema, permissions: admin, trusted: true }, 'vault', 'secret', 'value')).not.toBeNull();
  });

  it('says the same thing for an unknown, an unreadable and a concealed field', async () => {
    const message = (name: string) => errorOf(() => requireReadableField({ schema, permissions: reader }, 'vault', name, 'root', 'value'));
    for (const name of ['secret', 'hidden', 'nope']) {
      expect(await message(name)).toBe(
        `FORBIDDEN 403: You don't have permission to access field "${name}" in collection "vault" or it does not exist. Queried in root.`,
      );
    }
  });
});

import type { Vendor } from '../../database/dialects/dialect.js';
import type { FieldType } from '../../kernel/system/field-types.js';

type ColumnFacts = { dataType: string; maxLength?: number | null };

export type VendorColumnFacts = {
  /** `schema.data_type` (and a fixed `max_length`) that introspection reports for a column of each field type. */
  types: Record<Exclude<FieldType, 'alias' | 'unknown'>, ColumnFacts>;
  /** Whether every foreign key column carries an index (MySQL/MariaDB create one for each key). */
  indexesForeignKeys: boolean;
  /** Whether foreign key constraints are reported with their names (SQLite reports none). */
  namesConstraints: boolean;
  /** The ON DELETE / ON UPDATE rule a key created without one reports. */
  defaultRule: string;
};

/**
 * What each vendor reports for the columns Stratum creates: the table behind `force`d snapshots from another
 * vendor (or from Directus), whose vendor-specific facts are mapped onto this instance's before the diff, so
 * that applying such a snapshot and diffing it again finds nothing (docs/schema.md, "Across vendors").
 * tests/http/schema/vendor-types.test.ts checks the running vendor's row against real introspection.
 */
export const VENDOR_COLUMN_FACTS: Readonly<Record<Vendor, VendorColumnFacts>> = {
  sqlite: {
    types: {
      string: { dataType: 'varchar' },
      text: { dataType: 'text' },
      integer: { dataType: 'integer' },
      bigInteger: { dataType: 'bigint' },
      float: { dataType: 'float' },
      decimal: { dataType: 'decimal' },
      boolean: { dataType: 'boolean' },
      json: { dataType: 'json' },
      csv: { dataType: 'text' },
      uuid: { dataType: 'char', maxLength: 36 },
      hash: { dataType: 'varchar' },
      date: { dataType: 'date' },
      dateTime: { dataType: 'datetime' },
      time: { dataType: 'time' },
      timestamp: { dataType: 'timestamp' },
      binary: { dataType: 'blob' },
    },
    indexesForeignKeys: false,
    namesConstraints: false,
    defaultRule: 'NO ACTION',
  },
  postgres: {
    types: {
      string: { dataType: 'character varying' },
      text: { dataType: 'text' },
      integer: { dataType: 'integer' },
      bigInteger: { dataType: 'bigint' },
      float: { dataType: 'double precision' },
      decimal: { dataType: 'numeric' },
      boolean: { dataType: 'boolean' },
      json: { dataType: 'json' },
      csv: { dataType: 'text' },
      uuid: { dataType: 'uuid', maxLength: null },
      hash: { dataType: 'character varying' },
      date: { dataType: 'date' },
      dateTime: { dataType: 'timestamp without time zone' },
      time: { dataType: 'time without time zone' },
      timestamp: { dataType: 'timestamp with time zone' },
      binary: { dataType: 'bytea' },
    },
    indexesForeignKeys: false,
    namesConstraints: true,
    defaultRule: 'NO ACTION',
  },
  mysql: {
    types: {
      string: { dataType: 'varchar' },
      text: { dataType: 'text' },
      integer: { dataType: 'int' },
      bigInteger: { dataType: 'bigint' },
      float: { dataType: 'double' },
      decimal: { dataType: 'decimal' },
      boolean: { dataType: 'tinyint' },
      json: { dataType: 'json' },
      csv: { dataType: 'text' },
      uuid: { dataType: 'char', maxLength: 36 },
      hash: { dataType: 'varchar' },
      date: { dataType: 'date' },
      dateTime: { dataType: 'datetime' },
      time: { dataType: 'time' },
      timestamp: { dataType: 'datetime' },
      binary: { dataType: 'blob' },
    },
    indexesForeignKeys: true,
    namesConstraints: true,
    defaultRule: 'RESTRICT',
  },
};

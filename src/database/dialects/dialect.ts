import type { Knex } from 'knex';
import type { Config } from '../../config/index.js';
import type { AppError } from '../../kernel/errors/index.js';
import type { FieldType } from '../../kernel/system/field-types.js';
import type { Row, Statement, Table } from '../execute/statement.js';

/** The vendor names used in snapshots (`vendor`). */
export type Vendor = 'sqlite' | 'postgres' | 'mysql';

/** A physical column as introspection reports it, the same shape for every vendor. */
export type ColumnInfo = {
  table: string;
  name: string;
  /** Vendor type name in lower case, without length (e.g. `varchar`, `integer`, `timestamp with time zone`). */
  dataType: string;
  /**
   * The full vendor type as declared, lower case, with length or precision (`tinyint(1)`, `datetime(3)`,
   * `char(36)`), when the vendor reports one. `fieldTypeOf` needs it where `dataType` is ambiguous.
   */
  columnType?: string | null;
  /**
   * The default as a JS literal where it is one (`'active'`, 25, false, null); a "now" default is
   * `CURRENT_TIMESTAMP` on every vendor; other expressions are the raw SQL text.
   */
  defaultValue: unknown;
  maxLength: number | null;
  numericPrecision: number | null;
  numericScale: number | null;
  isNullable: boolean;
  isUnique: boolean;
  isIndexed: boolean;
  isPrimaryKey: boolean;
  isGenerated: boolean;
  generationExpression: string | null;
  hasAutoIncrement: boolean;
  foreignKeyTable: string | null;
  foreignKeyColumn: string | null;
};

export type ForeignKeyInfo = {
  table: string;
  column: string;
  foreignKeyTable: string;
  foreignKeyColumn: string;
  constraintName: string | null;
  onUpdate: string | null;
  onDelete: string | null;
};

export type IndexInfo = { table: string; name: string; columns: string[]; unique: boolean; primary: boolean };

/** Everything introspection knows about the user tables, read together (see `Dialect.introspect`). */
export type SchemaIntrospection = {
  tables: string[];
  /** With their key facts (primary, unique, indexed, foreign key target), as listColumns reports them. */
  columns: ColumnInfo[];
  foreignKeys: ForeignKeyInfo[];
  indexes: IndexInfo[];
};

/** Options for creating or altering a column; everything optional but the type. */
export type ColumnDefinition = {
  name: string;
  type: FieldType;
  maxLength?: number | null;
  precision?: number | null;
  scale?: number | null;
  nullable?: boolean;
  defaultValue?: unknown;
  unique?: boolean;
  indexed?: boolean;
  primaryKey?: boolean;
  autoIncrement?: boolean;
  /** A vendor column type to use instead of the usual one, when it is one of the dialect's columnTypeVariants. */
  dataType?: string | null;
};

/** SQL date/time parts usable as field functions (`year(date_created)`). */
export type DateFunction = 'year' | 'month' | 'week' | 'day' | 'weekday' | 'hour' | 'minute' | 'second';

/** See `Dialect.exactNumbers`. */
export type ExactNumbers = { readonly decimalDigits: number | null; readonly bigIntegers: boolean };

/**
 * Everything that differs between database vendors. Nothing outside `database/dialects/` may branch on the
 * vendor; the shared contract suite in tests/dialects checks every implementation. Every member is required:
 * where a vendor has nothing to do or cannot, it says so in its own implementation (decision 0049). The two
 * optional members below (insertWithChildren, writeWithTrail) belong to the write path (decision 0048).
 */
export interface Dialect {
  readonly vendor: Vendor;
  /** Knex connection settings for this vendor from the typed config. */
  knexConfig(db: Config['db']): Knex.Config;
  /** Per-connection setup (pragmas, session time zone). Called once after the pool is made. */
  prepare(knex: Knex): Promise<void>;

  /** Maps a vendor column type to a field type (used for tables without meta). */
  fieldTypeOf(column: ColumnInfo): FieldType;
  /** Adds a column for a field definition to a table builder (create or alter). */
  addColumn(table: Knex.CreateTableBuilder | Knex.AlterTableBuilder, column: ColumnDefinition, knex: Knex): Knex.ColumnBuilder;
  /** SQL expression for "now" as a column default, in the same format the dialect writes timestamps. */
  nowDefault(knex: Knex): Knex.Raw;

  /** Converts a JS value for a field type to what the driver binds (dates, booleans, json). */
  toDatabase(type: FieldType, value: unknown): unknown;
  /** Converts a driver value for a field type to the API value (ISO dates, booleans, parsed json). */
  fromDatabase(type: FieldType, value: unknown): unknown;

  /**
   * Case-insensitive `[NOT] LIKE` of a column's SQL (`column`, with its own bindings) against one `?`, the
   * pattern, which the compiler lowers with kernel/text/foldCase: Unicode's lower case on every vendor, accents
   * counting (decision 0054). `%` and `_` are wildcards and `!` escapes them (and itself), as the query compiler
   * writes patterns.
   */
  ilike(column: string, negate: boolean): string;
  /** SQL for a date part of a column, e.g. year(col). */
  dateFunction(knex: Knex, fn: DateFunction, column: string, type: FieldType): Knex.Raw;
  /** SQL for random order. */
  randomOrder(knex: Knex): Knex.Raw;

  /** Lists user tables (not the vendor's own). */
  listTables(knex: Knex): Promise<string[]>;
  /** Every column of every table (or of one table). */
  listColumns(knex: Knex, table?: string): Promise<ColumnInfo[]>;
  listForeignKeys(knex: Knex, table?: string): Promise<ForeignKeyInfo[]>;
  listIndexes(knex: Knex, table?: string): Promise<IndexInfo[]>;
  /**
   * Tables, columns, foreign keys and indexes of every user table (or of one table) at once: the same facts as
   * the four list methods, from a few set-based catalogue queries run side by side (each kind read once).
   */
  introspect(knex: Knex, table?: string): Promise<SchemaIntrospection>;

  /** `sql` (an SQL expression) cast to text, for comparing keys with a text column (a many-to-any key). */
  castToText(sql: string): string;
  /** Translates a driver error into a catalogue error, or returns null when it is not a known kind. */
  translateError(error: unknown, collection: string): AppError | null;
  /**
   * True when a driver error means the database can't be reached or dropped the connection (a restart, a
   * killed backend, a full pool): the request gets 503 SERVICE_UNAVAILABLE, and the pool opens a new one.
   */
  isConnectionError(error: unknown): boolean;
  /**
   * What to do about a failed first connection, when the error says how (the database does not exist: "create
   * it first", with the command); null otherwise. Shown after the cause when the server cannot start.
   */
  connectAdvice(error: unknown, db: { database: string }): string | null;
  /**
   * True when a driver error means the transaction lost a conflict with another one and may succeed if run
   * again: a deadlock, a serialization failure, a lock wait that timed out, a busy database file. The outermost
   * transaction is then retried (withTransaction); a conflict left over is 503 SERVICE_UNAVAILABLE.
   */
  isConflict(error: unknown): boolean;
  /**
   * Opens the transaction for a schema change. Vendors that rebuild a table to alter it (SQLite) suspend
   * foreign key enforcement around it, so dropping the old copy of a referenced table fires no ON DELETE
   * actions, and check every key before committing. The others open a plain transaction.
   */
  schemaTransaction<T>(knex: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while holding a named lock of the database server, so that instances starting together on one
   * database migrate and bootstrap one after the other (PostgreSQL advisory lock, MariaDB/MySQL `GET_LOCK`).
   * SQLite, a file of one process, runs `work` as it is.
   */
  withServerLock<T>(knex: Knex, name: string, work: () => Promise<T>): Promise<T>;
  /** Whether DDL can run inside a transaction and roll back (false for MySQL/MariaDB). */
  readonly transactionalDdl: boolean;
  /**
   * Column types other than the usual one that this vendor makes for a field type when asked (a snapshot of
   * this vendor names it in `schema.data_type`), each reading back as the same field type (with the field's
   * `special`, e.g. `cast-timestamp`), so that applying a snapshot creates exactly the column it names.
   */
  readonly columnTypeVariants: Readonly<Partial<Record<FieldType, readonly string[]>>>;
  /** Whether INSERT … RETURNING is supported. */
  readonly supportsReturning: boolean;
  /**
   * What a column keeps and reads back exactly: decimals up to `decimalDigits` significant digits (null: as many
   * as the column's precision), and 64-bit integers beyond 2^53 (false: only JavaScript's safe integers).
   * Writes beyond it are refused (VALUE_OUT_OF_RANGE) rather than stored as a different number.
   */
  readonly exactNumbers: ExactNumbers;
  /**
   * The deepest nesting a json field's value may have here (400 beyond it), when the vendor has a limit below
   * the API's (MAX_JSON_DEPTH): MariaDB's JSON validity check stops at 32 levels, and a revision keeps a value
   * one level down. Undefined: the API's limit only.
   */
  readonly maxJsonDepth: number | undefined;
  /**
   * After a row was inserted with an explicit value for an auto-increment column: move the column's
   * counter past it, so later automatic values don't collide. Only vendors whose counter does not follow
   * explicit values by itself (PostgreSQL sequences) do something; the others' counters follow by themselves.
   */
  syncAutoIncrement(knex: Knex, table: string, column: string): Promise<void>;
  /**
   * THE executor (decision 0049): runs a compiled statement (native placeholders, as `toSQL().toNative()` gives
   * it) on `db`, a pooled connection or, when `db` is a transaction, the transaction's own, without knex's runner,
   * and answers its rows ([] for a statement that returns none). Every engine read on every vendor runs through
   * it; it prepares or names statements by their text where the vendor allows. knex's `query` listeners hear
   * every statement it runs.
   */
  execute(db: Knex, statement: Statement): Promise<Row[]>;
  /**
   * The same executor for a read whose rows the engine takes by position (decision 0068): the rows as arrays
   * beside their column names, as the driver makes them without an object per row (better-sqlite3's raw mode,
   * pg's and mysql2's array rows). Same statement handling, connection and listeners as `execute`.
   */
  executeTable(db: Knex, statement: Statement): Promise<Table>;
  /**
   * What lets a read reuse its earlier result (decision 0033): a token that changes whenever committed data may
   * have changed, by this process or any other, or undefined when the vendor can't prove that (MariaDB), or
   * inside a transaction (its own changes are not committed): then the read runs. `known` is the value of
   * `dataVersionSql` read with the cache versions when the request started (decision 0012).
   */
  dataToken(db: Knex, known: string | undefined): Promise<string | undefined> | string | undefined;
  /** An SQL expression read with the cache versions on every request, passed to `dataToken` as `known`; null: none. */
  readonly dataVersionSql: string | null;
  /**
   * An aggregate that makes a JSON array of `expression` over the rows of a subquery, ordered by `orderBy`
   * (SQL text), and '[]' when there are none. Null where the vendor can't: the keys of an o2m field are then
   * read by a statement of their own.
   */
  readonly jsonArrayAgg: ((expression: string, orderBy: string) => string) | null;
  /**
   * `column IN (values)` (`NOT IN` when `negate`) with the whole list bound as one value, for lists longer than
   * a statement may bind one value per mark (SQLite's 32,766 variables, PostgreSQL's 65,535 parameters).
   * `column` is SQL text; `values` are already what the driver binds. Null where a list is bound value by value
   * (MariaDB/MySQL, whose driver writes a long list's values into the statement, so has no such limit).
   */
  readonly inList: ((column: string, values: readonly unknown[], negate: boolean) => { sql: string; binding: unknown }) | null;
  /**
   * Inserts parent rows (auto-increment key `id`) and, for each parent with one in `child.rows`, a child row
   * pointing at it (`child.parentColumn`), in one statement; returns the keys of both, in order. Optional:
   * where it is missing, the caller makes two multi-row inserts (the activity log's rows and their revisions).
   */
  insertWithChildren?(
    knex: Knex,
    parent: { table: string; rows: Record<string, unknown>[] },
    child: ChildRows,
  ): Promise<{ parentIds: number[]; childIds: (number | null)[] }>;
  /**
   * A write and its audit trail (an activity row per written row, and a revision with the row's JSON when
   * `trail.revision` is given) in ONE statement, so that it needs no transaction of its own: one round trip
   * instead of BEGIN, the write, the trail and COMMIT, and a row lock held only while the statement runs.
   * Returns undefined when it can't (e.g. a column whose API JSON it can't write in SQL); the caller then
   * takes its transaction. Returns the written rows, in key order. Optional.
   */
  writeWithTrail?(knex: Knex, plan: TrailPlan): Promise<Record<string, unknown>[]> | undefined;
}

/** A column of the written table as writeWithTrail puts it in a revision's JSON (snapshotOf's form). */
export type TrailField = {
  field: string;
  type: FieldType;
  /** The vendor column type (information_schema's name). */
  dbType: string | null;
  /** Concealed or hashed: the mask instead of the value. */
  masked: boolean;
};

/** What writeWithTrail writes: the table's INSERT or UPDATE, and the trail of each row it writes. */
export type TrailPlan = {
  /** The INSERT or UPDATE with `RETURNING` every column field (knex's `toSQL()`: `?` placeholders). */
  write: { sql: string; bindings: readonly unknown[] };
  /** The written table's primary key column. */
  key: string;
  /** The activity table, and its column values common to every row (the written key goes into `itemColumn`). */
  activity: { table: string; itemColumn: string; values: Readonly<Record<string, { value: unknown; cast: string }>> };
  /** Revisions (accountability `all`), or null for the activity rows alone. */
  revision: {
    table: string;
    /** Column names: the activity row, the collection, the item key, the row's JSON and the delta. */
    columns: { activity: string; collection: string; item: string; data: string; delta: string };
    collection: string;
    fields: readonly TrailField[];
    /**
     * The delta of each row, as JSON text: `same` for every row (an update); `order` one per row in the order of
     * an INSERT's VALUES (auto-increment keys, which grow in that order); `key` by the key's text (given keys).
     */
    deltas:
      | { kind: 'same'; delta: string }
      | { kind: 'order'; deltas: readonly string[] }
      | { kind: 'key'; byKey: readonly (readonly [string, string])[] };
  } | null;
};

/** The child rows of insertWithChildren: one per parent (null: none), as text, cast in SQL where `casts` says. */
export type ChildRows = {
  table: string;
  parentColumn: string;
  columns: readonly string[];
  casts?: Readonly<Record<string, string>>;
  rows: readonly (Record<string, unknown> | null)[];
};

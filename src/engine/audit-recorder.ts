import type { TrailField } from '../database/dialects/dialect.js';
import type { Context } from './context.js';

export type AuditEntry = {
  action: 'create' | 'update' | 'delete';
  collection: string;
  item: unknown;
  /** The changed fields as submitted (after presets and casts); null for deletes. */
  delta: Record<string, unknown> | null;
  /** The whole item after the change; null for deletes. */
  data: Record<string, unknown> | null;
  /** Revisions written by the nested (relational) writes of this item; this item's revision becomes their parent. */
  children?: number[];
};

export type AuditEvent = {
  action: string;
  collection: string;
  item: unknown;
  comment?: string | null;
  /** The user the event is about when the request has none yet (a login). */
  user?: string | null;
};

/** A single INSERT or UPDATE to run together with its audit trail (AuditRecorder.writeWithTrail). */
export type TrailedWrite = {
  action: 'create' | 'update';
  collection: string;
  /** The statement with `RETURNING` every column field (knex's `toSQL()`). */
  write: { sql: string; bindings: readonly unknown[] };
  /** The collection's primary key field. */
  key: string;
  /** Every column field, for the revision's copy of the row. */
  fields: readonly TrailField[];
  /**
   * The delta of the revisions (API form, concealed fields masked): the same for every row (an update), one per
   * row in the order of the INSERT's VALUES (auto-increment keys), or by the text of each given key.
   */
  deltas:
    | { kind: 'same'; delta: Record<string, unknown> }
    | { kind: 'order'; deltas: Record<string, unknown>[] }
    | { kind: 'key'; byKey: [string, Record<string, unknown>][] };
};

/**
 * Writes the audit trail inside the caller's transaction. Declared here so the items operations depend on
 * the contract only; the activity module implements it and the app wires it in.
 */
export interface AuditRecorder {
  /** One activity row per entry (and a revision when the collection's accountability is `all`). */
  record(ctx: Context, entries: AuditEntry[]): Promise<void>;
  /** A security or system event (login, failed login, logout, password reset, comment). Returns the row id. */
  recordEvent(ctx: Context, event: AuditEvent): Promise<number>;
  /**
   * Runs the write and its whole trail in one statement, outside any transaction, where the dialect can
   * (Dialect.writeWithTrail); returns the written rows in key order, or undefined when it can't (the caller then
   * writes in a transaction and calls `record`). Optional.
   */
  writeWithTrail?(ctx: Context, write: TrailedWrite): Promise<Record<string, unknown>[]> | undefined;
}

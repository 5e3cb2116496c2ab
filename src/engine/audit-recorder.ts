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

/**
 * Writes the audit trail inside the caller's transaction. Declared here so the items operations depend on
 * the contract only; the activity module implements it and the app wires it in.
 */
export interface AuditRecorder {
  /** One activity row per entry (and a revision when the collection's accountability is `all`). */
  record(ctx: Context, entries: AuditEntry[]): Promise<void>;
  /** A security or system event (login, failed login, logout, password reset, comment). Returns the row id. */
  recordEvent(ctx: Context, event: AuditEvent): Promise<number>;
}

/** Reads, and the transaction's own control statements (savepoints of the nested writes, the dry run's rollback). */
const NOT_A_CHANGE = /^\s*(select|pragma|with|show|explain|describe|savepoint|release|rollback|begin|commit|start\s+transaction)\b/i;
/** The activity and revision rows every meta row write records: the apply's trail, not the schema's change. */
const TRAIL = /^\s*insert\s+into\s+[`"]?service_(activity|revisions)[`"]?[\s(]/i;

/**
 * Whether a statement a dry run saw belongs in its report: the schema's DDL and the writes of its meta rows
 * (service_collections, service_fields, service_relations), not reads, transaction control or the activity
 * trail, which a real apply writes too but which is no part of what the diff changes.
 */
export function isShownStatement(sql: string): boolean {
  return !NOT_A_CHANGE.test(sql) && !TRAIL.test(sql);
}

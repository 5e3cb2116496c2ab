import { t } from '../i18n/t.js';
/**
 * The permission editor's matrix: per collection and action, one cell that is none (no rule), all (a rule
 * with every field and no filter, validation or presets) or custom (anything else). Pure logic: the cells from
 * a policy's permission rows, and the writes that turn the rows into the edited cells.
 */

export const MATRIX_ACTIONS = ['create', 'read', 'update', 'delete', 'share'] as const;
export type MatrixAction = (typeof MATRIX_ACTIONS)[number];
export type CellState = 'none' | 'all' | 'custom';

type Json = Record<string, unknown>;

/** A stored rule as `GET /permissions` answers it. */
export type PermissionRow = {
  id: number;
  policy: string;
  collection: string;
  action: string;
  permissions: Json | null;
  validation: Json | null;
  presets: Json | null;
  fields: string[] | null;
};

/** The content of a rule as the editor holds it (no id, no policy). */
export type RuleDraft = { permissions: Json | null; validation: Json | null; presets: Json | null; fields: string[] | null };

/** The editor's state: a draft per `collection:action`, or null for none. */
export type Matrix = Record<string, RuleDraft | null>;

export type MatrixChanges = {
  create: (RuleDraft & { policy: string; collection: string; action: MatrixAction })[];
  update: (RuleDraft & { id: number })[];
  delete: number[];
};

export function cellKey(collection: string, action: MatrixAction): string {
  return `${collection}:${action}`;
}

const isEmpty = (value: Json | null) => value === null || Object.keys(value).length === 0;

/** The rule an "all" cell stands for. */
export function fullRule(): RuleDraft {
  return { permissions: {}, validation: null, presets: null, fields: ['*'] };
}

/** Whether a rule grants everything (every field, no row filter, validation or presets). */
export function stateOf(rule: RuleDraft | null | undefined): CellState {
  if (!rule) return 'none';
  const everyField = rule.fields !== null && rule.fields.includes('*');
  return everyField && isEmpty(rule.permissions) && isEmpty(rule.validation) && isEmpty(rule.presets) ? 'all' : 'custom';
}

function draftOf(row: PermissionRow): RuleDraft {
  return { permissions: row.permissions, validation: row.validation, presets: row.presets, fields: row.fields };
}

/**
 * The matrix of a policy's rows. Only the first row of a collection and action is edited; any further one
 * (possible through the API) is reported in `extra` and left as it is.
 */
export function matrixFromRows(rows: PermissionRow[]): { matrix: Matrix; rowOf: Record<string, PermissionRow>; extra: PermissionRow[] } {
  const matrix: Matrix = {};
  const rowOf: Record<string, PermissionRow> = {};
  const extra: PermissionRow[] = [];
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    if (!(MATRIX_ACTIONS as readonly string[]).includes(row.action)) continue;
    const key = cellKey(row.collection, row.action as MatrixAction);
    if (rowOf[key]) {
      extra.push(row);
      continue;
    }
    rowOf[key] = row;
    matrix[key] = draftOf(row);
  }
  return { matrix, rowOf, extra };
}

/** The matrix after choosing a state for one cell: none drops the rule, all grants everything, custom keeps or starts one. */
export function setCell(matrix: Matrix, collection: string, action: MatrixAction, state: CellState): Matrix {
  const key = cellKey(collection, action);
  const current = matrix[key] ?? null;
  if (state === 'none') return { ...matrix, [key]: null };
  if (state === 'all') return { ...matrix, [key]: fullRule() };
  return { ...matrix, [key]: current ?? fullRule() };
}

/**
 * The cells the user chose "Custom" for in this editing session. A custom rule may still grant everything (it starts
 * as the full rule, to be narrowed in the rule editor), so its state cannot be read from the rule alone: without
 * this, choosing Custom on an empty cell showed All.
 */
export type PinnedCells = ReadonlySet<string>;

/** The pinned cells after choosing `state` for one cell: custom pins it, none and all unpin it. */
export function pinCell(pinned: PinnedCells, collection: string, action: MatrixAction, state: CellState): Set<string> {
  const next = new Set(pinned);
  const key = cellKey(collection, action);
  if (state === 'custom') next.add(key);
  else next.delete(key);
  return next;
}

/** What a cell's select shows: none without a rule, custom when chosen so (or when the rule narrows anything), else all. */
export function cellState(matrix: Matrix, pinned: PinnedCells, collection: string, action: MatrixAction): CellState {
  const key = cellKey(collection, action);
  const rule = matrix[key];
  if (!rule) return 'none';
  return pinned.has(key) ? 'custom' : stateOf(rule);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function changed(a: RuleDraft, b: RuleDraft): boolean {
  return (
    !same(a.permissions, b.permissions) || !same(a.validation, b.validation) || !same(a.presets, b.presets) || !same(a.fields, b.fields)
  );
}

/** The writes that turn the stored rows into the edited matrix: rules to create, to update (whole) and to delete. */
export function matrixChanges(policy: string, rowOf: Record<string, PermissionRow>, edited: Matrix): MatrixChanges {
  const out: MatrixChanges = { create: [], update: [], delete: [] };
  const keys = new Set([...Object.keys(rowOf), ...Object.keys(edited)]);
  for (const key of [...keys].sort()) {
    const row = rowOf[key];
    const draft = Object.hasOwn(edited, key) ? (edited[key] ?? null) : row ? draftOf(row) : null;
    if (row && !draft) out.delete.push(row.id);
    else if (!row && draft) {
      const at = key.lastIndexOf(':');
      out.create.push({ policy, collection: key.slice(0, at), action: key.slice(at + 1) as MatrixAction, ...draft });
    } else if (row && draft && changed(draftOf(row), draft)) out.update.push({ id: row.id, ...draft });
  }
  return out;
}

/** How many writes the changes make (for "Save n changes"). */
export function countChanges(changes: MatrixChanges): number {
  return changes.create.length + changes.update.length + changes.delete.length;
}

/**
 * The JSON of a rule part typed in a text area: an object, or null when empty. Throws a sentence otherwise.
 */
export function parseJsonObject(text: string, what: string): Json | null {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(t('{what}: not valid JSON.', { what }));
  }
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error(t('{what}: must be a JSON object.', { what }));
  return value as Json;
}

/** The field list typed as `title, body` or `*`: the names, or null for none (no field). */
export function parseFieldList(text: string): string[] | null {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return names.length === 0 ? null : [...new Set(names)];
}

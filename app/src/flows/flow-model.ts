import { msg, t } from '../i18n/t.js';
/** Pure helpers of the flows section: the trigger's options as form texts and back, and the chain of operations. */

export const TRIGGERS = ['event', 'webhook', 'manual', 'schedule', 'operation'] as const;
export type Trigger = (typeof TRIGGERS)[number];

export const TRIGGER_LABELS: Record<Trigger, string> = {
  event: msg('Event hook'),
  webhook: msg('Webhook'),
  manual: msg('Manual (a button on items)'),
  schedule: msg('Schedule (cron)'),
  operation: msg('Another flow'),
};

/** The operation types the server runs (docs/flows.md), with a word for each. */
export const OPERATION_TYPES: Record<string, string> = {
  condition: msg('Condition'),
  'item-read': msg('Read items'),
  'item-create': msg('Create items'),
  'item-update': msg('Update items'),
  'item-delete': msg('Delete items'),
  transform: msg('Transform payload'),
  trigger: msg('Trigger a flow'),
  request: msg('Web request'),
  mail: msg('Send mail'),
  exec: msg('Run script'),
  log: msg('Log to console'),
  sleep: msg('Sleep'),
  'json-web-token': 'JSON web token',
  notification: msg('Send notification'),
  'throw-error': msg('Throw error'),
};

/** The operation type's word in the current language (the type itself when unknown). */
export function operationTypeLabel(type: string): string {
  const label = OPERATION_TYPES[type];
  return label ? t(label) : type;
}

export type Flow = {
  id: string;
  name: string;
  description: string | null;
  status: 'active' | 'inactive';
  trigger: Trigger;
  accountability: 'all' | 'activity' | null;
  options: Record<string, unknown> | null;
  operation: string | null;
};

export type Operation = {
  id: string;
  name: string | null;
  key: string;
  type: string;
  options: Record<string, unknown> | null;
  resolve: string | null;
  reject: string | null;
  flow: string;
  position_x: number;
  position_y: number;
};

/** The trigger options a form edits, as texts (lists comma-separated, booleans as "true"/"false"). */
export type TriggerTexts = Record<string, string>;

/** Which option inputs each trigger has: name → kind. */
export const TRIGGER_FIELDS: Record<
  Trigger,
  { name: string; label: string; kind: 'text' | 'list' | 'boolean' | 'choice' | 'json'; choices?: string[] }[]
> = {
  event: [
    { name: 'type', label: msg('Event type'), kind: 'choice', choices: ['action', 'filter'] },
    { name: 'scope', label: msg('Events (comma-separated, e.g. items.create, items.update)'), kind: 'list' },
    { name: 'collections', label: msg('Collections (comma-separated; none: all)'), kind: 'list' },
    { name: 'return', label: msg('Return (filter only: $last, $all or an operation key)'), kind: 'text' },
  ],
  webhook: [
    { name: 'method', label: msg('Method'), kind: 'choice', choices: ['GET', 'POST'] },
    { name: 'async', label: msg('Answer at once, run in the background'), kind: 'boolean' },
    { name: 'return', label: msg('Return ($last, $all or an operation key)'), kind: 'text' },
  ],
  manual: [
    { name: 'collections', label: msg('Collections (comma-separated)'), kind: 'list' },
    { name: 'requireSelection', label: msg('Needs selected items on the list page'), kind: 'boolean' },
    { name: 'requireConfirmation', label: msg('Ask for confirmation first'), kind: 'boolean' },
    { name: 'fields', label: msg('Confirmation form fields (JSON list of {"field", "name", "type"})'), kind: 'json' },
    { name: 'async', label: msg('Answer at once, run in the background'), kind: 'boolean' },
  ],
  schedule: [{ name: 'cron', label: msg('Cron expression (e.g. 0 */5 * * * *)'), kind: 'text' }],
  operation: [{ name: 'return', label: msg('Return ($last, $all or an operation key)'), kind: 'text' }],
};

/** The trigger's stored options as the form's texts. */
export function triggerTexts(trigger: Trigger, options: Record<string, unknown> | null): TriggerTexts {
  const texts: TriggerTexts = {};
  for (const field of TRIGGER_FIELDS[trigger]) {
    const value = options?.[field.name];
    if (field.kind === 'list') texts[field.name] = Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '';
    else if (field.kind === 'boolean')
      texts[field.name] = value === true || (value === undefined && field.name === 'requireSelection') ? 'true' : 'false';
    else if (field.kind === 'json') texts[field.name] = value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
    else texts[field.name] = typeof value === 'string' ? value : field.kind === 'choice' ? (field.choices?.[0] ?? '') : '';
  }
  return texts;
}

/**
 * The form's texts as the trigger's options; throws with the field's name and a sentence when a text cannot be
 * one (bad JSON). Empty texts are left out (the server's defaults apply); options of other triggers are dropped.
 */
export function triggerOptions(trigger: Trigger, texts: TriggerTexts): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const field of TRIGGER_FIELDS[trigger]) {
    const text = (texts[field.name] ?? '').trim();
    if (field.kind === 'boolean') options[field.name] = text === 'true';
    else if (text === '') continue;
    else if (field.kind === 'list')
      options[field.name] = text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    else if (field.kind === 'json') {
      try {
        options[field.name] = JSON.parse(text) as unknown;
      } catch {
        throw new FieldProblem(field.name, t('Enter valid JSON.'));
      }
    } else options[field.name] = text;
  }
  return options;
}

/** A value the form cannot send, reported on its field. */
export class FieldProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** An operation's place in the chain: its operation, and what follows on success and on failure. */
export type ChainNode = { operation: Operation; resolve: ChainNode | null; reject: ChainNode | null };

/**
 * The chain from the flow's first operation, following `resolve` and `reject`; an operation already on the path
 * (a loop) is not followed again. Answers the chain and the operations it does not reach.
 */
export function buildChain(first: string | null, operations: Operation[]): { root: ChainNode | null; unconnected: Operation[] } {
  const byId = new Map(operations.map((operation) => [operation.id, operation]));
  const reached = new Set<string>();
  const visit = (id: string | null): ChainNode | null => {
    if (id === null || reached.has(id)) return null;
    const operation = byId.get(id);
    if (!operation) return null;
    reached.add(id);
    return { operation, resolve: visit(operation.resolve), reject: visit(operation.reject) };
  };
  const root = visit(first);
  return { root, unconnected: operations.filter((operation) => !reached.has(operation.id)) };
}

/** Where a new operation goes: first in the flow, or after an operation on success or on failure. */
export type Slot = { kind: 'first' } | { kind: 'resolve' | 'reject'; parent: string };

/** A key for a new operation of `type`, unique in the flow: `item_read`, `item_read_2`, … */
export function newOperationKey(type: string, operations: Operation[]): string {
  const base = type.replace(/[^a-z0-9]+/gi, '_').toLowerCase();
  const taken = new Set(operations.map((operation) => operation.key));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}_${n}`)) n++;
  return `${base}_${n}`;
}

/** An operation's options as JSON text, and back (an object, else a FieldProblem on `options`). */
export function optionsText(options: Record<string, unknown> | null): string {
  return JSON.stringify(options ?? {}, null, 2);
}

export function parseOptions(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch {
    throw new FieldProblem('options', t('Enter valid JSON.'));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new FieldProblem('options', t('Enter a JSON object.'));
  return value as Record<string, unknown>;
}

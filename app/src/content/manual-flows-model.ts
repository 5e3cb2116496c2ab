import { t } from '../i18n/t.js';

/** A manual flow as its buttons need it. */
export type ManualFlow = { id: string; name: string; options: Record<string, unknown> | null };

/** A field of a manual flow's confirmation form (Directus's `options.fields` entries). */
export type ConfirmField = { field: string; label: string; kind: 'text' | 'textarea' | 'number' | 'boolean'; required: boolean };

/** The active manual flows whose `collections` name `collection`, by name. */
export function manualFlowsFor(flows: ManualFlow[], collection: string): ManualFlow[] {
  return flows
    .filter((flow) => Array.isArray(flow.options?.collections) && (flow.options.collections as unknown[]).includes(collection))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Whether the flow needs selected items on a list page (Directus's default: yes). */
export const needsSelection = (flow: ManualFlow) => flow.options?.requireSelection !== false;

export const needsConfirmation = (flow: ManualFlow) => flow.options?.requireConfirmation === true;

/** The confirmation form's fields: `options.fields` entries with a `field` name; the input from the field's type. */
export function confirmFields(flow: ManualFlow): ConfirmField[] {
  const fields = Array.isArray(flow.options?.fields) ? (flow.options.fields as unknown[]) : [];
  return fields.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { field, name, type, meta } = entry as { field?: unknown; name?: unknown; type?: unknown; meta?: { required?: unknown } | null };
    if (typeof field !== 'string' || field === '') return [];
    const kind: ConfirmField['kind'] =
      type === 'boolean'
        ? 'boolean'
        : type === 'integer' || type === 'bigInteger' || type === 'float' || type === 'decimal'
          ? 'number'
          : type === 'text' || type === 'json'
            ? 'textarea'
            : 'text';
    return [{ field, label: typeof name === 'string' && name !== '' ? name : field, kind, required: meta?.required === true }];
  });
}

/**
 * The form's texts as the values sent with the trigger: numbers as numbers, booleans as booleans, empty texts left
 * out. Throws a ConfirmProblem for a required field left empty or a number that is not one.
 */
export function confirmValues(fields: ConfirmField[], texts: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const text = (texts[field.field] ?? '').trim();
    if (field.kind === 'boolean') {
      values[field.field] = text === 'true';
      continue;
    }
    if (text === '') {
      if (field.required) throw new ConfirmProblem(field.field, t('{label} is required.', { label: field.label }));
      continue;
    }
    if (field.kind === 'number') {
      const number = Number(text);
      if (!Number.isFinite(number)) throw new ConfirmProblem(field.field, t('Enter a number.'));
      values[field.field] = number;
    } else values[field.field] = text;
  }
  return values;
}

/** A value of the confirmation form that cannot be sent, reported on its field. */
export class ConfirmProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

import { describe, expect, it } from 'vitest';
import { confirmFields, confirmValues, manualFlowsFor, needsConfirmation, needsSelection, type ManualFlow } from './manual-flows-model.js';

const flow = (name: string, options: Record<string, unknown> | null): ManualFlow => ({ id: name, name, options });

describe('manualFlowsFor', () => {
  it('keeps the flows naming the collection, by name', () => {
    const flows = [
      flow('b', { collections: ['notes', 'x'] }),
      flow('a', { collections: ['notes'] }),
      flow('c', { collections: ['x'] }),
      flow('d', null),
    ];
    expect(manualFlowsFor(flows, 'notes').map((f) => f.name)).toEqual(['a', 'b']);
  });

  it('needs a selection unless requireSelection is false, and confirmation only when asked', () => {
    expect(needsSelection(flow('a', {}))).toBe(true);
    expect(needsSelection(flow('a', { requireSelection: false }))).toBe(false);
    expect(needsConfirmation(flow('a', {}))).toBe(false);
    expect(needsConfirmation(flow('a', { requireConfirmation: true }))).toBe(true);
  });
});

describe('confirmFields and confirmValues', () => {
  const fields = confirmFields(
    flow('a', {
      fields: [
        { field: 'reason', name: 'Reason', type: 'string', meta: { required: true } },
        { field: 'count', type: 'integer' },
        { field: 'urgent', name: 'Urgent', type: 'boolean' },
        { field: 'note', type: 'text' },
        { name: 'no field name' },
        'junk',
      ],
    }),
  );

  it('takes the entries with a field name, the input from the type', () => {
    expect(fields).toEqual([
      { field: 'reason', label: 'Reason', kind: 'text', required: true },
      { field: 'count', label: 'count', kind: 'number', required: false },
      { field: 'urgent', label: 'Urgent', kind: 'boolean', required: false },
      { field: 'note', label: 'note', kind: 'textarea', required: false },
    ]);
  });

  it('types the values and leaves empty ones out', () => {
    expect(confirmValues(fields, { reason: ' late ', count: '3', urgent: 'true', note: '' })).toEqual({
      reason: 'late',
      count: 3,
      urgent: true,
    });
  });

  it('refuses a required field left empty and a number that is not one', () => {
    expect(() => confirmValues(fields, { reason: '' })).toThrow();
    expect(() => confirmValues(fields, {})).toThrowError(expect.objectContaining({ field: 'reason' }) as never);
    expect(() => confirmValues(fields, { reason: 'x', count: 'many' })).toThrowError(
      expect.objectContaining({ field: 'count', message: 'Enter a number.' }) as never,
    );
  });
});

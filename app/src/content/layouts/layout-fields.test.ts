import { describe, expect, it } from 'vitest';
import { buildFieldPaths } from '../field-paths.js';
import type { RawFormField } from '../form-fields.js';
import { availableLayouts, cardFields, cardPlan, choiceFields, chosenField, dateFields, fileFields } from './layout-fields.js';

const fields: RawFormField[] = [
  { field: 'id', type: 'integer', schema: { is_primary_key: true } },
  { field: 'title', type: 'string' },
  { field: 'status', type: 'string', meta: { options: { choices: [{ text: 'Draft', value: 'draft' }] } } },
  { field: 'due', type: 'dateTime' },
  { field: 'cover', type: 'uuid', meta: { interface: 'file-image', special: ['file'] } },
  { field: 'secret', type: 'string' },
];
const access = { read: { access: 'full' as const, fields: ['id', 'title', 'status', 'due', 'cover'] } };
const paths = buildFieldPaths({ fields, access }, [], {});
const schema = { fields, access, paths, template: null };

describe('fields of the layouts', () => {
  it('finds date, choice and file fields the user may read', () => {
    expect(dateFields(paths).map((p) => p.path)).toEqual(['due']);
    expect(choiceFields(paths).map((p) => p.path)).toEqual(['status']);
    expect(fileFields(fields, paths)).toEqual(['cover']);
    expect(availableLayouts(paths)).toEqual(['tabular', 'cards', 'calendar', 'kanban']);
    expect(availableLayouts(paths.filter((p) => p.path === 'title'))).toEqual(['tabular', 'cards']);
  });

  it('plans a card: title by template or label field, optional subtitle and image', () => {
    const plain = cardPlan('tasks', schema, {});
    expect(plain.title.labelField).toBe('title');
    expect(plain.subtitle).toBeNull();
    expect(plain.image).toBeNull();
    expect(cardFields(plain)).toEqual(['id', 'title']);
    const full = cardPlan('tasks', schema, { title: '{{ title }} ({{ status }})', subtitle: '{{ due }}', imageSource: 'cover' });
    expect(cardFields(full, ['due', null])).toEqual(['id', 'cover', 'title', 'status', 'due']);
    // A template naming a field the user may not read falls back to the label field; a non-file image is ignored.
    const hidden = cardPlan('tasks', schema, { title: '{{ secret }}', imageSource: 'title' });
    expect(hidden.title.template).toBeNull();
    expect(hidden.image).toBeNull();
  });

  it('keeps a chosen field only when it suits', () => {
    expect(chosenField({ groupField: 'status' }, 'groupField', ['status', 'kind'])).toBe('status');
    expect(chosenField({ groupField: 'gone' }, 'groupField', ['status', 'kind'])).toBe('status');
    expect(chosenField({}, 'groupField', [])).toBeNull();
  });
});

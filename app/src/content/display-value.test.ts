import { describe, expect, it } from 'vitest';
import { displayText, fieldTemplate, planDisplay, templateFields, toOption, USERS_PLAN } from './display-value.js';
import type { RawFormField } from './form-fields.js';

const fields: RawFormField[] = [
  { field: 'id', type: 'integer', schema: { is_primary_key: true } },
  { field: 'code', type: 'string', meta: { hidden: true } },
  { field: 'bio', type: 'text' },
  { field: 'city', type: 'string' },
  { field: 'name', type: 'string' },
  { field: 'country', type: 'integer' },
];
const everything = () => true;

describe('templateFields', () => {
  it('names each field of a template once, nested paths too', () => {
    expect(templateFields('{{ name }} ({{city}}) – {{ country.name }} {{name}}')).toEqual(['name', 'city', 'country.name']);
    expect(templateFields('plain')).toEqual([]);
  });
});

describe('planDisplay', () => {
  it('uses the display template when there is one', () => {
    const plan = planDisplay('authors', fields, '{{ name }} ({{ city }})', everything);
    expect(plan).toMatchObject({
      primaryKey: 'id',
      keyType: 'integer',
      template: '{{ name }} ({{ city }})',
      fields: ['id', 'name', 'city'],
    });
    expect(displayText(plan, { id: 1, name: 'Ada', city: 'London' })).toBe('Ada (London)');
  });

  it('drops a template that names a field the user may not read', () => {
    const plan = planDisplay('authors', fields, '{{ name }} ({{ city }})', (field) => field !== 'city');
    expect(plan.template).toBeNull();
    expect(plan.fields).toEqual(['id', 'name']);
    expect(displayText(plan, { id: 1, name: 'Ada' })).toBe('Ada');
  });

  it('otherwise takes a name-like string field, else the first string field, else the key', () => {
    expect(planDisplay('authors', fields, null, everything).labelField).toBe('name');
    expect(planDisplay('authors', fields, null, (field) => field !== 'name').labelField).toBe('city');
    const keyOnly = planDisplay('authors', fields, null, (field) => field === 'id');
    expect(keyOnly).toMatchObject({ labelField: null, fields: ['id'] });
    expect(displayText(keyOnly, { id: 7 })).toBe('7');
  });

  it('falls back to the label, then the key, when the template or label is empty', () => {
    const plan = planDisplay('authors', fields, '{{ city }}', everything);
    expect(displayText(plan, { id: 3, city: null, name: 'Nia' })).toBe('Nia');
    expect(displayText(plan, { id: 3, city: '', name: '' })).toBe('3');
    expect(toOption(plan, { id: 3, city: 'Oslo' })).toEqual({ key: 3, text: 'Oslo' });
  });

  it('shows a user by name, else by e-mail', () => {
    expect(displayText(USERS_PLAN, { id: 'u', first_name: 'Rita', last_name: 'Reader', email: 'r@x' })).toBe('Rita Reader');
    expect(displayText(USERS_PLAN, { id: 'u', first_name: null, last_name: null, email: 'r@x' })).toBe('r@x');
  });
});

describe('fieldTemplate', () => {
  it('takes the display template, else the interface template, else none', () => {
    expect(
      fieldTemplate({ display: 'related-values', display_options: { template: '{{ name }}' }, options: { template: '{{ id }}' } }),
    ).toBe('{{ name }}');
    expect(fieldTemplate({ options: { template: '{{ id }}' } })).toBe('{{ id }}');
    expect(fieldTemplate({ display_options: { template: '  ' } })).toBeNull();
    expect(fieldTemplate(null)).toBeNull();
  });
});

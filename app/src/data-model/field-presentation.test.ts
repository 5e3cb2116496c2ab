import { describe, expect, it } from 'vitest';
import { draftFromField, emptyDraft, fieldPayload } from './field-draft.js';
import { presentationMeta, presentationOf, retype, showsChoices, showsTemplate } from './field-presentation.js';

describe('the field editor’s interface and display', () => {
  it('sends the chosen interface with its choices and keeps its other options', () => {
    const draft = {
      ...draftFromField({
        field: 'size',
        type: 'string',
        meta: { interface: 'input', options: { placeholder: 'M' }, display: 'formatted-value', display_options: { suffix: '!' } },
      }),
      interface: 'select-radio',
      choices: 's = Small\nl = Large',
    };
    expect(fieldPayload(draft)).toMatchObject({
      payload: {
        meta: {
          interface: 'select-radio',
          options: {
            placeholder: 'M',
            choices: [
              { text: 'Small', value: 's' },
              { text: 'Large', value: 'l' },
            ],
          },
          display: 'formatted-value',
          display_options: { suffix: '!' },
        },
      },
    });
  });

  it('gives choices without an interface the dropdown, and nothing without either', () => {
    expect(presentationMeta(presentationOf(null, null), [{ text: 'A', value: 'a' }])).toEqual({
      interface: 'select-dropdown',
      options: { choices: [{ text: 'A', value: 'a' }] },
      display: null,
      display_options: null,
    });
    expect(presentationMeta(presentationOf(null, null), [])).toEqual({
      interface: null,
      options: null,
      display: null,
      display_options: null,
    });
  });

  it('shows the choices for a choice interface, or for no interface on a type that can have them', () => {
    expect(showsChoices({ ...emptyDraft('string') })).toBe(true);
    expect(showsChoices({ ...emptyDraft('string'), interface: 'input-code' })).toBe(false);
    expect(showsChoices({ ...emptyDraft('json') })).toBe(false);
    expect(showsChoices({ ...emptyDraft('json'), interface: 'select-multiple-checkbox' })).toBe(true);
    expect(showsChoices({ ...emptyDraft('integer'), relation: 'm2o' })).toBe(false);
  });

  it('reads and writes a relational field’s display template in both places it is read', () => {
    const draft = draftFromField(
      { field: 'author', type: 'integer', meta: { interface: 'select-dropdown-m2o', options: { template: '{{name}}' } } },
      'm2o',
    );
    expect(draft).toMatchObject({ template: '{{name}}', options: {}, relation: 'm2o' });
    expect(showsTemplate(draft)).toBe(true);
    const changed = { ...draft, display: 'related-values', template: '{{name}} ({{country}})' };
    expect(presentationMeta(changed, [])).toEqual({
      interface: 'select-dropdown-m2o',
      options: { template: '{{name}} ({{country}})' },
      display: 'related-values',
      display_options: { template: '{{name}} ({{country}})' },
    });
  });

  it('keeps a plain field’s own template option as an option', () => {
    const draft = draftFromField({ field: 'x', type: 'string', meta: { options: { template: 'kept' } } });
    expect(draft.template).toBe('');
    expect(presentationMeta(draft, [])).toMatchObject({ options: { template: 'kept' } });
  });

  it('keeps the interface and display on a new type that they fit, and drops them otherwise', () => {
    const draft = { ...emptyDraft('string'), interface: 'select-dropdown', display: 'labels' };
    expect(retype(draft, 'integer')).toMatchObject({ type: 'integer', interface: 'select-dropdown', display: 'labels' });
    expect(retype(draft, 'boolean')).toMatchObject({ type: 'boolean', interface: '', display: '' });
  });
});

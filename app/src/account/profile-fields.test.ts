import { describe, expect, it } from 'vitest';
import { changedProfile, profileErrors, profileFields } from './profile-fields.js';

describe('profileFields', () => {
  it('offers every profile field with full update access', () => {
    expect(profileFields({ update: { access: 'full', fields: ['*'] } }).map((f) => [f.field, f.editable])).toEqual([
      ['first_name', true],
      ['last_name', true],
      ['email', true],
      ['title', true],
      ['location', true],
      ['description', true],
    ]);
  });

  it('shows the name and e-mail read-only beside the fields the policies allow', () => {
    expect(
      profileFields({ update: { access: 'partial', fields: ['first_name', 'location', 'password'] } }).map((f) => [f.field, f.editable]),
    ).toEqual([
      ['first_name', true],
      ['last_name', false],
      ['email', false],
      ['location', true],
    ]);
  });

  it('is empty when no profile field may be updated', () => {
    expect(profileFields({})).toEqual([]);
    expect(profileFields({ update: { access: 'partial', fields: ['password'] } })).toEqual([]);
  });
});

describe('changedProfile', () => {
  it('sends only the edited fields, empty text as null', () => {
    const fields = profileFields({ update: { access: 'partial', fields: ['first_name', 'title'] } });
    expect(
      changedProfile(fields, { first_name: 'Ada', title: 'Countess', email: 'a@x' }, { first_name: 'Ada', title: '', email: 'b@x' }),
    ).toEqual({ title: null });
  });
});

describe('profileErrors', () => {
  const fields = profileFields({ update: { access: 'full' } });
  it('puts a refusal on the field it names', () => {
    const invalid = { errors: [{ message: 'Invalid payload. "email" must be a valid email.', extensions: { code: 'INVALID_PAYLOAD' } }] };
    expect(profileErrors(invalid, fields)).toEqual({ fields: { email: 'Email must be a valid email.' }, general: [] });
    const taken = {
      errors: [
        {
          message: 'Value for field "email" in collection "service_users" has to be unique.',
          extensions: { code: 'RECORD_NOT_UNIQUE', field: 'email' },
        },
      ],
    };
    expect(profileErrors(taken, fields).fields.email).toBe('Another account already uses this e-mail address.');
    const other = { errors: [{ message: 'You do not have permission.', extensions: { code: 'FORBIDDEN' } }] };
    expect(profileErrors(other, fields)).toEqual({ fields: {}, general: ['You do not have permission.'] });
  });
});

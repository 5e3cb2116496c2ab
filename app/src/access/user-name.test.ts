import { describe, expect, it } from 'vitest';
import { userName } from './user-name.js';

describe('userName', () => {
  it('reads as the name, else the e-mail, else the key', () => {
    expect(userName({ id: 'u1', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(userName({ id: 'u1', first_name: null, last_name: 'Lovelace', email: null })).toBe('Lovelace');
    expect(userName({ id: 'u1', first_name: '', last_name: null, email: 'ada@example.com' })).toBe('ada@example.com');
    expect(userName({ id: 'u1', first_name: null, last_name: null, email: null })).toBe('u1');
  });
});

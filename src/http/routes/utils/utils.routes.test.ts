import { describe, expect, it } from 'vitest';
import { systemRequested } from './utils.routes.js';

describe('systemRequested', () => {
  it('reads ?system, ?system= and ?system=true as yes; absent, false and 0 as no', () => {
    expect(systemRequested(undefined)).toBe(false);
    expect(systemRequested('')).toBe(true);
    expect(systemRequested('true')).toBe(true);
    expect(systemRequested('1')).toBe(true);
    expect(systemRequested('false')).toBe(false);
    expect(systemRequested('0')).toBe(false);
    expect(systemRequested(['false', 'true'])).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { createStatementNames } from './statement-names.js';

describe('statement names', () => {
  it('names a text at its second sighting, always with the same name, never one of another text', () => {
    const statementName = createStatementNames();
    expect(statementName('select 1')).toBeUndefined();
    const name = statementName('select 1');
    expect(name).toMatch(/^stratum_\d+$/);
    expect(statementName('select 1')).toBe(name);
    expect(statementName('select 2')).toBeUndefined();
    expect(statementName('select 2')).not.toBe(name);
  });

  it('names at most 500 texts; later ones run unnamed, the named ones keep their names', () => {
    const statementName = createStatementNames();
    statementName('select 1');
    const first = statementName('select 1');
    for (let i = 0; i < 600; i++) {
      statementName(`select ${i} + 1`);
      statementName(`select ${i} + 1`);
    }
    const named = Array.from({ length: 600 }, (_, i) => statementName(`select ${i} + 1`)).filter((n) => n !== undefined);
    expect(named).toHaveLength(499);
    expect(new Set(named).size).toBe(499);
    expect(statementName('select 1')).toBe(first);
  });

  it('is one per app instance: two instances name independently', () => {
    const a = createStatementNames();
    const b = createStatementNames();
    a('select 1');
    a('select 1');
    expect(b('select 1')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { Echoes } from './echoes.js';

describe('Echoes', () => {
  it("takes the editor's own values coming back late, in order, as echoes", () => {
    const echoes = new Echoes();
    echoes.remember('a');
    echoes.remember('ab');
    expect(echoes.isEcho('a')).toBe(true);
    expect(echoes.isEcho('ab')).toBe(true);
    expect(echoes.isEcho('a')).toBe(false);
  });

  it('takes a value it never sent as a change from outside', () => {
    const echoes = new Echoes();
    echoes.remember('a');
    expect(echoes.isEcho('reloaded')).toBe(false);
    echoes.clear();
    expect(echoes.isEcho('a')).toBe(false);
  });
});

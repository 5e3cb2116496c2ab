import { describe, expect, it } from 'vitest';
import { contrast, displayCell, formatDate, readableColors, relativeTime, type DisplaySpec } from './display-format.js';

const spec = (display: string | null, options: Record<string, unknown> = {}, choices: DisplaySpec['choices'] = []): DisplaySpec => ({
  display,
  options,
  choices,
  label: 'Cover',
});

describe('list displays', () => {
  it('shows labels as badges with their texts, keeping chosen colours only when they read at AA', () => {
    const cell = displayCell(
      ['a', 'b'],
      'json',
      spec('labels', { choices: [{ value: 'a', text: 'Alpha', foreground: '#FFFFFF', background: '#FFCCCC' }] }, [
        { value: 'b', text: 'Beta' },
      ]),
    );
    expect(cell).toMatchObject({ kind: 'labels', text: 'Alpha, Beta' });
    const [alpha, beta] = (cell as { badges: { foreground: string; background: string }[] }).badges;
    expect(alpha).toEqual({ text: 'Alpha', foreground: '#1F2937', background: '#FFCCCC' });
    expect(contrast(beta!.foreground, beta!.background)).toBeGreaterThanOrEqual(4.5);
    expect(readableColors('#000000', '#FFFFFF')).toEqual({ foreground: '#000000', background: '#FFFFFF' });
    expect(readableColors('#FFFFFF', '#111111').foreground).toBe('#FFFFFF');
    expect(readableColors(null, '#000080').foreground).toBe('#FFFFFF');
  });
  it('shows booleans in words, its own or Yes/No', () => {
    expect(displayCell(true, 'boolean', spec('boolean', { labelOn: 'Live' }))).toEqual({ kind: 'text', text: 'Live' });
    expect(displayCell(false, 'boolean', spec('boolean'))).toEqual({ kind: 'text', text: 'No' });
    expect(displayCell(null, 'boolean', spec('boolean'))).toEqual({ kind: 'text', text: '—' });
  });
  it('formats dates, a date alone as its local day, and relative times', () => {
    expect(formatDate('2026-03-05', 'date', {}, new Date(), 'en-GB')).toBe('5 Mar 2026');
    expect(formatDate('12:30:15', 'time', {})).toBe('12:30');
    expect(formatDate('nonsense', 'dateTime', {})).toBe('nonsense');
    const now = new Date('2026-01-10T12:00:00Z');
    expect(relativeTime(new Date('2026-01-07T12:00:00Z'), now, 'en')).toBe('3 days ago');
    expect(relativeTime(new Date('2026-01-10T14:00:00Z'), now, 'en')).toBe('in 2 hours');
    expect(formatDate('2026-01-07T12:00:00Z', 'timestamp', { relative: true }, now, 'en')).toBe('3 days ago');
  });
  it('shows a colour with its value, an image by its key, and a formatted value', () => {
    expect(displayCell('#6644FF', 'string', spec('color'))).toEqual({ kind: 'color', color: '#6644FF', text: '#6644FF' });
    expect(displayCell('red', 'string', spec('color'))).toEqual({ kind: 'color', color: null, text: 'red' });
    expect(displayCell('f1', 'uuid', spec('image'))).toEqual({ kind: 'image', id: 'f1', alt: 'Cover image', text: 'f1' });
    expect(displayCell({ id: 'f1' }, 'uuid', spec('image'), { id: 'f1', text: 'Sunset' })).toMatchObject({ alt: 'Sunset' });
    expect(displayCell(1234.5, 'float', spec('formatted-value', { prefix: '€ ', suffix: ' net', format: true }), null, 'en')).toEqual({
      kind: 'text',
      text: '€ 1,234.5 net',
    });
    expect(displayCell('big_deal', 'string', spec('formatted-value', { formatTitle: true }))).toEqual({ kind: 'text', text: 'Big Deal' });
    expect(displayCell(null, 'string', spec('labels'))).toEqual({ kind: 'text', text: '—' });
    expect(displayCell(3, 'integer', spec(null))).toEqual({ kind: 'text', text: '3' });
  });
});

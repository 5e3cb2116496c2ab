/** A decimal number as its digits: `-12.50` → { negative: true, whole: '12', fraction: '50' }. */
export type DecimalDigits = { negative: boolean; whole: string; fraction: string };

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
/** Exponents beyond this are no column's value (PostgreSQL's numeric stops at 131072 digits before the point). */
const MAX_EXPONENT = 1000;

/**
 * The exact digits of a decimal written as text or a JS number (`'1.5e-3'`, `12.5`), without going through a
 * binary float: leading zeros of the whole part and trailing zeros of the fraction are dropped. Null when it is
 * not a finite decimal.
 */
export function parseDecimal(value: string | number): DecimalDigits | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const match = DECIMAL.exec(typeof value === 'number' ? String(value) : value.trim());
  if (!match) return null;
  const [, sign = '', wholeText = '', fractionText = '', exponentText] = match;
  if (wholeText === '' && fractionText === '') return null;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  let digits = wholeText + fractionText;
  let point = wholeText.length + exponent;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const whole = digits.slice(0, point).replace(/^0+/, '');
  const fraction = digits.slice(point).replace(/0+$/, '');
  return { negative: sign === '-' && (whole !== '' || fraction !== ''), whole, fraction };
}

/** Rounds to `scale` places, half away from zero (what PostgreSQL's numeric and MySQL's DECIMAL do). */
export function roundDecimal(value: DecimalDigits, scale: number): DecimalDigits {
  if (value.fraction.length <= scale) return value;
  const kept = value.whole + value.fraction.slice(0, scale);
  const roundUp = value.fraction.charCodeAt(scale) >= 53; // '5'
  let digits = kept;
  if (roundUp) {
    const chars = [...(kept === '' ? '0' : kept)];
    let i = chars.length - 1;
    while (i >= 0 && chars[i] === '9') chars[i--] = '0';
    if (i >= 0) chars[i] = String(Number(chars[i]) + 1);
    else chars.unshift('1');
    digits = chars.join('');
  }
  const point = digits.length - scale;
  const whole = digits.slice(0, Math.max(point, 0)).replace(/^0+/, '');
  const fraction = digits.slice(Math.max(point, 0)).padStart(scale, '0').replace(/0+$/, '');
  return { negative: value.negative && (whole !== '' || fraction !== ''), whole, fraction };
}

/** The number of significant digits (`0.00120` → 2, `1200` → 4). */
export function significantDigits(value: DecimalDigits): number {
  if (value.whole !== '') return value.whole.length + value.fraction.length;
  return value.fraction.replace(/^0+/, '').length;
}

/** The text a database returns for the value in a column of `scale` places (`12.5` at scale 3 → `12.500`). */
export function formatDecimal(value: DecimalDigits, scale: number | null = null): string {
  const fraction = scale === null ? value.fraction : value.fraction.padEnd(scale, '0');
  return `${value.negative ? '-' : ''}${value.whole || '0'}${fraction ? `.${fraction}` : ''}`;
}

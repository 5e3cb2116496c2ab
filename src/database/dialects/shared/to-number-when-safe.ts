const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A driver's integer or decimal (number, bigint or numeric text) as a JS number when that loses nothing,
 * else as text: `'42'` → 42, `'12.50000'` → 12.5, `'9007199254740993'` stays text. Other values are returned
 * unchanged.
 */
export function toNumberWhenSafe(value: unknown): unknown {
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
  }
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!NUMERIC.test(text)) return value;
  const number = Number(text);
  if (!Number.isFinite(number)) return value;
  if (/^[+-]?\d+$/.test(text)) return Number.isSafeInteger(number) ? number : text;
  return significantDigits(text) <= 15 ? number : text;
}

function significantDigits(text: string): number {
  const mantissa = text.replace(/^[+-]/, '').replace(/[eE].*$/, '');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = (whole + fraction.replace(/0+$/, '')).replace(/^0+/, '');
  return digits.length;
}

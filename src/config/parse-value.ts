import ms from 'ms';
import type { VarSpec } from './config-schema.js';

export type ParsedValue = string | number | boolean | string[] | null | unknown;

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** Byte size: `1048576`, `500kb`, `1mb`. */
export function parseSize(raw: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(raw);
  if (!match) return null;
  const unit = (match[2] ?? 'b').toLowerCase();
  return Math.floor(Number(match[1]) * (SIZE_UNITS[unit] ?? 1));
}

/** Duration in milliseconds: `900`, `15m`, `7d`. A bare number is milliseconds. */
export function parseDuration(raw: string): number | null {
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const value = ms(raw.trim() as ms.StringValue);
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** Parses one variable's text; returns an error message instead of throwing. Empty text means "unset" (null). */
export function parseValue(spec: VarSpec, raw: string): { value: ParsedValue } | { error: string } {
  if (raw === '') return { value: spec.type === 'list' ? [] : spec.type === 'boolean' ? false : null };
  switch (spec.type) {
    case 'string':
    case 'url':
      return { value: raw };
    case 'integer': {
      if (!/^-?\d+$/.test(raw.trim())) return { error: `${spec.name} must be an integer, got "${raw}"` };
      const n = Number(raw);
      if (spec.min !== undefined && n < spec.min) return { error: `${spec.name} must be at least ${spec.min}, got ${n}` };
      return { value: n };
    }
    case 'boolean': {
      const v = raw.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(v)) return { value: true };
      if (['false', '0', 'no', 'off'].includes(v)) return { value: false };
      return { error: `${spec.name} must be true or false, got "${raw}"` };
    }
    case 'duration': {
      const d = parseDuration(raw);
      return d === null ? { error: `${spec.name} must be a duration such as 15m or 7d, got "${raw}"` } : { value: d };
    }
    case 'size': {
      const s = parseSize(raw);
      return s === null ? { error: `${spec.name} must be a size such as 1mb, got "${raw}"` } : { value: s };
    }
    case 'list':
      return {
        value: raw
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s.length > 0),
      };
    case 'json':
      try {
        return { value: JSON.parse(raw) as unknown };
      } catch {
        return { error: `${spec.name} must be valid JSON` };
      }
    case 'enum': {
      const v = raw.trim();
      if (!spec.values?.includes(v)) return { error: `${spec.name} must be one of ${spec.values?.join(', ')}, got "${raw}"` };
      return { value: v };
    }
  }
}

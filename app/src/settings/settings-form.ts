/**
 * The project settings form (pure): the settings row as input texts, and back to a `PATCH /settings` body of
 * what changed, with the problems keyed by input (`project_color`, `storage_asset_presets.0.width`…).
 */

import { isUuid } from '../../../shared/is-uuid.js';
import { msg, t } from '../i18n/t.js';

export type AssetPreset = {
  key: string;
  width?: number;
  height?: number;
  fit?: string;
  format?: string;
  quality?: number;
  withoutEnlargement?: boolean;
};

export type Settings = Record<string, unknown> & { storage_asset_presets?: AssetPreset[] | null };

export const TEXT_SETTINGS = [
  'project_name',
  'project_url',
  'project_color',
  'project_descriptor',
  'public_note',
  'auth_login_attempts',
  'auth_password_policy',
  'default_language',
  'default_appearance',
  'custom_css',
  'storage_asset_transform',
  'storage_default_folder',
] as const;
export type TextSetting = (typeof TEXT_SETTINGS)[number];

export type PresetRow = { key: string; width: string; height: string; fit: string; format: string; quality: string };
export type SettingsDraft = Record<TextSetting, string> & { presets: PresetRow[] };

export const APPEARANCES = ['auto', 'light', 'dark'] as const;
export const TRANSFORM_MODES = [
  { value: 'all', label: msg('Any transformation') },
  { value: 'none', label: msg('No transformation') },
  { value: 'presets', label: msg('Only the presets below') },
] as const;
export const FITS = ['cover', 'contain', 'inside', 'outside'] as const;
export const FORMATS = ['', 'jpeg', 'png', 'webp', 'avif', 'tiff', 'auto'] as const;

const asText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value as string | number | boolean);

export function emptyPreset(): PresetRow {
  return { key: '', width: '', height: '', fit: 'cover', format: '', quality: '' };
}

/** The settings row as the form's texts. */
export function settingsDraft(settings: Settings): SettingsDraft {
  const draft = Object.fromEntries(TEXT_SETTINGS.map((key) => [key, asText(settings[key])])) as Record<TextSetting, string>;
  const presets = (settings.storage_asset_presets ?? []).map((p) => ({
    key: p.key,
    width: asText(p.width),
    height: asText(p.height),
    fit: p.fit ?? 'cover',
    format: p.format ?? '',
    quality: asText(p.quality),
  }));
  return { ...draft, presets };
}

const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** A password policy is a regular expression, `/…/flags` or bare. */
export function isValidPolicy(policy: string): boolean {
  const slashed = /^\/(.*)\/([a-z]*)$/s.exec(policy);
  try {
    if (slashed) new RegExp(slashed[1] ?? '', slashed[2]);
    else new RegExp(policy);
    return true;
  } catch {
    return false;
  }
}

function checkUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function presetsOf(rows: PresetRow[], errors: Record<string, string>): AssetPreset[] {
  const seen = new Set<string>();
  return rows.map((row, i) => {
    const at = (name: string) => `storage_asset_presets.${i}.${name}`;
    const key = row.key.trim();
    if (key === '') errors[at('key')] = t('Enter a key.');
    else if (!/^[A-Za-z0-9_-]+$/.test(key)) errors[at('key')] = t('Use letters, digits, - and _.');
    else if (seen.has(key)) errors[at('key')] = t('Another preset has this key.');
    seen.add(key);
    const preset: AssetPreset = { key, fit: row.fit || 'cover' };
    for (const name of ['width', 'height'] as const) {
      const text = row[name].trim();
      if (text === '') continue;
      if (!/^\d+$/.test(text) || Number(text) < 1) errors[at(name)] = t('Enter a whole number of pixels, at least 1.');
      else preset[name] = Number(text);
    }
    const quality = row.quality.trim();
    if (quality !== '') {
      if (!/^\d+$/.test(quality) || Number(quality) < 1 || Number(quality) > 100)
        errors[at('quality')] = t('Enter a whole number from 1 to 100.');
      else preset.quality = Number(quality);
    }
    if (row.format) preset.format = row.format;
    return preset;
  });
}

/** JSON with object keys sorted, to compare values whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** The changed settings as a PATCH body, or the problems by input. */
export function settingsPayload(
  draft: SettingsDraft,
  original: Settings,
): { payload: Record<string, unknown> } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const value = (key: TextSetting) => draft[key].trim();
  if (value('project_name') === '') errors.project_name = t('Enter the project name.');
  if (value('project_url') !== '' && !checkUrl(value('project_url'))) errors.project_url = t('Enter a full http:// or https:// address.');
  if (value('project_color') !== '' && !HEX_COLOUR.test(value('project_color')))
    errors.project_color = t('Enter a colour as #RRGGBB (for example #6644FF).');
  const attempts = value('auth_login_attempts');
  if (attempts !== '' && !/^\d+$/.test(attempts)) errors.auth_login_attempts = t('Enter a whole number (empty for no limit).');
  if (value('auth_password_policy') !== '' && !isValidPolicy(value('auth_password_policy')))
    errors.auth_password_policy = t('This is not a valid regular expression.');
  if (!LANGUAGE.test(value('default_language'))) errors.default_language = t('Enter a language tag such as en-US.');
  if (!(APPEARANCES as readonly string[]).includes(value('default_appearance')))
    errors.default_appearance = t('Choose auto, light or dark.');
  if (!TRANSFORM_MODES.some((m) => m.value === value('storage_asset_transform')))
    errors.storage_asset_transform = t('Choose one of the options.');
  const folder = value('storage_default_folder');
  if (folder !== '' && !isUuid(folder)) errors.storage_default_folder = t('Choose a folder.');
  const presets = presetsOf(draft.presets, errors);
  if (Object.keys(errors).length > 0) return { errors };

  const typed: Record<string, unknown> = {};
  for (const key of TEXT_SETTINGS) {
    const text = key === 'custom_css' || key === 'public_note' ? draft[key] : value(key);
    typed[key] = text === '' ? null : key === 'auth_login_attempts' ? Number(text) : text;
  }
  typed.storage_asset_presets = presets.length > 0 ? presets : null;
  const payload: Record<string, unknown> = {};
  for (const [key, next] of Object.entries(typed)) {
    const before = original[key] ?? null;
    if (canonical(before) !== canonical(next)) payload[key] = next;
  }
  return { payload };
}

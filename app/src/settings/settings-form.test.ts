import { describe, expect, it } from 'vitest';
import { emptyPreset, isValidPolicy, settingsDraft, settingsPayload, type Settings } from './settings-form.js';

const stored: Settings = {
  id: 1,
  project_name: 'Stratum',
  project_url: null,
  project_color: '#6644FF',
  project_descriptor: null,
  public_note: null,
  auth_login_attempts: 25,
  auth_password_policy: null,
  default_language: 'en-US',
  default_appearance: 'auto',
  custom_css: null,
  storage_asset_transform: 'all',
  storage_asset_presets: [{ key: 'thumb', width: 200, height: 200, fit: 'cover', quality: 80 }],
  storage_default_folder: null,
};

describe('settingsPayload', () => {
  it('sends nothing when nothing changed', () => {
    expect(settingsPayload(settingsDraft(stored), stored)).toEqual({ payload: {} });
  });

  it('sends only the changed settings, typed', () => {
    const draft = settingsDraft(stored);
    draft.project_name = ' Atlas ';
    draft.auth_login_attempts = '5';
    draft.project_url = 'https://atlas.example';
    draft.storage_asset_transform = 'presets';
    draft.presets.push({ ...emptyPreset(), key: 'card', width: '640', format: 'webp' });
    expect(settingsPayload(draft, stored)).toEqual({
      payload: {
        project_name: 'Atlas',
        project_url: 'https://atlas.example',
        auth_login_attempts: 5,
        storage_asset_transform: 'presets',
        storage_asset_presets: [
          { key: 'thumb', width: 200, height: 200, fit: 'cover', quality: 80 },
          { key: 'card', width: 640, fit: 'cover', format: 'webp' },
        ],
      },
    });
  });

  it('empties a setting to null and the presets to null when none is left', () => {
    const draft = settingsDraft(stored);
    draft.auth_login_attempts = '';
    draft.presets = [];
    expect(settingsPayload(draft, stored)).toEqual({ payload: { auth_login_attempts: null, storage_asset_presets: null } });
  });

  it('reports each problem on its input when values are wrong', () => {
    const draft = settingsDraft(stored);
    Object.assign(draft, {
      project_name: ' ',
      project_url: 'atlas.example',
      project_color: 'purple',
      auth_login_attempts: '-1',
      auth_password_policy: '/[a-/',
      default_language: 'English',
      default_appearance: 'pink',
      storage_default_folder: 'x',
    });
    draft.presets = [{ ...emptyPreset(), key: 'thumb', width: '0', quality: '101' }, { ...emptyPreset(), key: 'thumb' }, emptyPreset()];
    expect(settingsPayload(draft, stored)).toEqual({
      errors: {
        project_name: 'Enter the project name.',
        project_url: 'Enter a full http:// or https:// address.',
        project_color: 'Enter a colour as #RRGGBB (for example #6644FF).',
        auth_login_attempts: 'Enter a whole number (empty for no limit).',
        auth_password_policy: 'This is not a valid regular expression.',
        default_language: 'Enter a language tag such as en-US.',
        default_appearance: 'Choose auto, light or dark.',
        storage_default_folder: 'Choose a folder.',
        'storage_asset_presets.0.width': 'Enter a whole number of pixels, at least 1.',
        'storage_asset_presets.0.quality': 'Enter a whole number from 1 to 100.',
        'storage_asset_presets.1.key': 'Another preset has this key.',
        'storage_asset_presets.2.key': 'Enter a key.',
      },
    });
  });
});

describe('isValidPolicy', () => {
  it('accepts slashed and bare expressions and refuses broken ones', () => {
    expect(isValidPolicy('/^.{8,}$/')).toBe(true);
    expect(isValidPolicy('^(?=.*\\d).{10,}$')).toBe(true);
    expect(isValidPolicy('/(/')).toBe(false);
  });
});

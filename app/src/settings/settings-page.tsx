import { useEffect, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { errorsByField } from '../content/form-fields.js';
import { AssetPresetsEditor } from './asset-presets-editor.js';
import { loadFolders, loadSettings, saveSettings, type Folder } from './settings-api.js';
import {
  APPEARANCES,
  settingsDraft,
  settingsPayload,
  TRANSFORM_MODES,
  type Settings,
  type SettingsDraft,
  type TextSetting,
} from './settings-form.js';
import { msg, t } from '../i18n/t.js';

const LABELS: Record<TextSetting, string> = {
  project_name: msg('Project name'),
  project_url: msg('Project URL'),
  project_color: msg('Project colour'),
  project_descriptor: msg('Project descriptor'),
  public_note: msg('Public note'),
  auth_login_attempts: msg('Login attempts'),
  auth_password_policy: msg('Password policy'),
  default_language: msg('Default language'),
  default_appearance: msg('Default appearance'),
  custom_css: msg('Custom CSS'),
  storage_asset_transform: msg('Image transformations'),
  storage_default_folder: msg('Default folder for uploads'),
};

const HELP: Partial<Record<TextSetting, string>> = {
  project_color: 'A colour as #RRGGBB.',
  auth_login_attempts: msg('Failed sign-ins before an account is suspended; empty for no limit.'),
  auth_password_policy: 'A regular expression new passwords must match, such as /^.{8,}$/ (the server enforces AUTH_PASSWORD_POLICY).',
  default_language: 'A language tag such as en-US.',
};

/** The project settings (`/settings`): a form with every setting, checked on its field before and after saving. */
export function SettingsPage() {
  const { client } = useSession();
  const [original, setOriginal] = useState<Settings | null>(null);
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [folders, setFolders] = useState<Folder[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadSettings(client).then(
      (settings) => {
        setOriginal(settings);
        setDraft(settingsDraft(settings));
      },
      (e: unknown) => setGeneral(requestMessage(e)),
    );
    void loadFolders(client).then(setFolders);
  }, [client]);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!draft || !original) return;
    setStatus(null);
    setGeneral(null);
    const result = settingsPayload(draft, original);
    if ('errors' in result) {
      setErrors(result.errors);
      setGeneral(t('Some settings need correcting.'));
      return;
    }
    setErrors({});
    if (Object.keys(result.payload).length === 0) {
      setStatus(t('Nothing changed.'));
      return;
    }
    setBusy(true);
    try {
      const saved = await saveSettings(client, result.payload);
      setOriginal(saved);
      setDraft(settingsDraft(saved));
      setStatus(t('Settings saved.'));
    } catch (e) {
      const refused = errorsByField(e);
      setErrors(refused.fields);
      setGeneral(refused.general[0] ?? (Object.keys(refused.fields).length > 0 ? t('Some settings were refused.') : requestMessage(e)));
    } finally {
      setBusy(false);
    }
  };

  const field = (
    key: TextSetting,
    control: (props: { id: string; describedBy: string | undefined; invalid: boolean }) => preact.JSX.Element,
  ) => {
    const id = `setting-${key}`;
    const error = errors[key];
    const help = HELP[key];
    const describedBy = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div class="field" key={key}>
        <label for={id}>{t(LABELS[key])}</label>
        {control({ id, describedBy, invalid: Boolean(error) })}
        {help && (
          <p class="help" id={`${id}-help`}>
            {t(help)}
          </p>
        )}
        {error && (
          <p class="error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  if (!draft) {
    return (
      <section aria-labelledby="page-title">
        <h1 id="page-title">{t('Settings')}</h1>
        {general ? (
          <p class="error" role="alert">
            {general}
          </p>
        ) : (
          <p aria-live="polite">{t('Loading settings…')}</p>
        )}
      </section>
    );
  }
  const set = (key: TextSetting) => (e: { currentTarget: { value: string } }) => setDraft({ ...draft, [key]: e.currentTarget.value });
  const text = (key: TextSetting) =>
    field(key, ({ id, describedBy, invalid }) => (
      <input id={id} value={draft[key]} aria-describedby={describedBy} aria-invalid={invalid || undefined} onInput={set(key)} />
    ));
  const area = (key: TextSetting) =>
    field(key, ({ id, describedBy, invalid }) => (
      <textarea id={id} rows={4} value={draft[key]} aria-describedby={describedBy} aria-invalid={invalid || undefined} onInput={set(key)} />
    ));
  const select = (key: TextSetting, options: { value: string; label: string }[]) =>
    field(key, ({ id, describedBy, invalid }) => (
      <select id={id} value={draft[key]} aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={set(key)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    ));

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('Settings')}</h1>
      <form class="item-form" aria-label={t('Project settings')} onSubmit={(e) => void submit(e)} noValidate>
        <h2>{t('Project')}</h2>
        {text('project_name')}
        {text('project_url')}
        {text('project_color')}
        {text('project_descriptor')}
        {area('public_note')}
        <h2>{t('Security')}</h2>
        {text('auth_login_attempts')}
        {text('auth_password_policy')}
        <h2>{t('Appearance')}</h2>
        {text('default_language')}
        {select(
          'default_appearance',
          APPEARANCES.map((a) => ({ value: a, label: a })),
        )}
        {area('custom_css')}
        <h2>{t('Files')}</h2>
        {select(
          'storage_asset_transform',
          TRANSFORM_MODES.map((m) => ({ value: m.value, label: t(m.label) })),
        )}
        <AssetPresetsEditor rows={draft.presets} errors={errors} onChange={(presets) => setDraft({ ...draft, presets })} />
        {folders.length > 0 || draft.storage_default_folder === ''
          ? select('storage_default_folder', [
              { value: '', label: t('None (the root)') },
              ...folders.map((f) => ({ value: f.id, label: f.name })),
              ...(draft.storage_default_folder && !folders.some((f) => f.id === draft.storage_default_folder)
                ? [{ value: draft.storage_default_folder, label: draft.storage_default_folder }]
                : []),
            ])
          : text('storage_default_folder')}
        {general && (
          <p class="error" role="alert">
            {general}
          </p>
        )}
        {status && <p role="status">{status}</p>}
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {t('Save settings')}
          </button>
        </div>
      </form>
    </section>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { readMyProfile, updateMyProfile } from './account-api.js';
import { changedProfile, profileErrors, type ProfileField } from './profile-fields.js';
import { t } from '../i18n/t.js';

/** The user's own profile as a form: the fields their policies let them update; refusals on their field. */
export function ProfileForm({ fields }: { fields: ProfileField[] }) {
  const { client, reloadUser } = useSession();
  const [stored, setStored] = useState<Record<string, unknown> | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'status'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    const profile = await readMyProfile(client, ['id', ...fields.map((f) => f.field)]);
    setStored(profile);
    setTexts(Object.fromEntries(fields.map((f) => [f.field, typeof profile[f.field] === 'string' ? (profile[f.field] as string) : ''])));
  };
  useEffect(() => {
    load().catch((failure: unknown) => setMessage({ kind: 'error', text: requestMessage(failure) }));
  }, [client, fields.map((f) => f.field).join()]);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!stored) return;
    const changed = changedProfile(fields, stored, texts);
    setFieldErrors({});
    setMessage(null);
    if (Object.keys(changed).length === 0) return setMessage({ kind: 'status', text: t('Nothing to save.') });
    setBusy(true);
    try {
      await updateMyProfile(client, changed);
      await load();
      await reloadUser();
      // A new e-mail address ends the other sessions (as a new password does).
      setMessage({
        kind: 'status',
        text: 'email' in changed ? t('Your profile is saved. Your other sessions were signed out.') : t('Your profile is saved.'),
      });
    } catch (failure) {
      const { fields: byField, general } = profileErrors(failure, fields);
      setFieldErrors(byField);
      setMessage({
        kind: 'error',
        text:
          general.length > 0
            ? general.join(' ')
            : Object.keys(byField).length > 0
              ? t('Some fields need attention.')
              : requestMessage(failure),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="item-form" onSubmit={submit} aria-labelledby="profile-title" noValidate>
      <h2 id="profile-title">{t('Profile')}</h2>
      {fields.map((f) => {
        const id = `profile-${f.field}`;
        const error = fieldErrors[f.field];
        const common = {
          id,
          name: f.field,
          readOnly: !f.editable || stored === null,
          value: texts[f.field] ?? '',
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          onInput: (e: Event) => setTexts((current) => ({ ...current, [f.field]: (e.currentTarget as HTMLInputElement).value })),
        };
        return (
          <div class="field" key={f.field}>
            <label for={id}>
              {t(f.label)}
              {!f.editable && <span class="tag"> {t('(read-only)')}</span>}
            </label>
            {f.multiline ? (
              <textarea {...common} rows={3} />
            ) : (
              <input {...common} type={f.field === 'email' ? 'email' : 'text'} autocomplete={AUTOCOMPLETE[f.field]} />
            )}
            {error && (
              <p id={`${id}-error`} class="error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {message && (
        <p class={message.kind === 'error' ? 'error' : undefined} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <button type="submit" disabled={busy || stored === null}>
        {t('Save profile')}
      </button>
    </form>
  );
}

const AUTOCOMPLETE: Record<string, string | undefined> = {
  first_name: 'given-name',
  last_name: 'family-name',
  email: 'email',
  title: 'organization-title',
};

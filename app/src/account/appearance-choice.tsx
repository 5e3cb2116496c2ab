import { useState } from 'preact/hooks';
import { errorStatus, requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { appearanceOf, applyAppearance, saveAppearance, type Appearance } from '../shell/appearance.js';
import { msg, t } from '../i18n/t.js';

const CHOICES: { value: Appearance; label: string }[] = [
  { value: 'auto', label: msg('Auto (as the system)') },
  { value: 'light', label: msg('Light') },
  { value: 'dark', label: msg('Dark') },
];

/**
 * The user's colour scheme: applied at once, and saved in their `appearance` so it follows them. It starts from the
 * session's user (read with `appearance`), and the session reads the user again after a save, so the frame and this
 * choice never disagree.
 */
export function AppearanceChoice() {
  const { client, user, reloadUser } = useSession();
  const [value, setValue] = useState<Appearance>(appearanceOf(user?.appearance));
  const [message, setMessage] = useState<{ kind: 'error' | 'status'; text: string } | null>(null);

  const choose = async (next: Appearance) => {
    const before = value;
    setValue(next);
    applyAppearance(next);
    try {
      await saveAppearance(client, next);
      // Saved: the session's user takes the new value (a failed re-read leaves it as it is; the choice still shows).
      await reloadUser().catch(() => undefined);
      setMessage({ kind: 'status', text: t('Saved.') });
    } catch (failure) {
      setValue(before);
      applyAppearance(before);
      setMessage({
        kind: 'error',
        text: errorStatus(failure) === 403 ? t('You may not change your appearance.') : requestMessage(failure),
      });
    }
  };

  return (
    <fieldset class="appearance">
      <legend>{t('Appearance')}</legend>
      {CHOICES.map((choice) => (
        <p class="inline-check" key={choice.value}>
          <input
            type="radio"
            id={`appearance-${choice.value}`}
            name="appearance"
            checked={value === choice.value}
            onChange={() => void choose(choice.value)}
          />
          <label for={`appearance-${choice.value}`}>{t(choice.label)}</label>
        </p>
      ))}
      <p class={message?.kind === 'error' ? 'error' : 'status'} role={message?.kind === 'error' ? 'alert' : 'status'}>
        {message?.text}
      </p>
    </fieldset>
  );
}

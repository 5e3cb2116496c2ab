import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { useLocation } from 'wouter-preact';
import { mustSetUpTwoFactor } from '../account/two-factor-api.js';
import { displayName, useSession } from '../auth/session.js';
import { appearanceOf, applyAppearance } from './appearance.js';
import { CollectionsNav } from './collections-nav.js';
import { MainNav } from './main-nav.js';
import { ShortcutsHelp } from './shortcuts-help.js';
import { useShortcuts } from './use-shortcuts.js';
import { t } from '../i18n/t.js';
import { loadIcons } from '../ui/collection-icon.js';

/**
 * The frame of every signed-in page: a skip link, the navigation at the left (the sections, then the collections
 * and their saved views; behind a "Menu" button on narrow screens), a bar with the keyboard shortcuts' help, who is
 * signed in and "Sign out", and the page. It also applies the user's colour scheme and binds the shortcuts.
 */
export function Shell({ children }: { children: ComponentChildren }) {
  const { client, user, signOut } = useSession();
  const [location, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [help, setHelp] = useState(false);
  const openHelp = useCallback(() => setHelp(true), []);
  useShortcuts(openHelp);

  // The collections' icons are fetched at once, beside the navigation's own reads.
  useEffect(() => {
    void loadIcons().catch(() => undefined);
  }, []);

  // The narrow screen's menu closes once a link in it has been followed.
  useEffect(() => setMenuOpen(false), [location]);

  // The user's colour scheme (service_users.appearance, read with the session's user); the system's after signing out.
  useEffect(() => {
    if (!user) return;
    applyAppearance(appearanceOf(user.appearance));
    return () => applyAppearance('auto');
  }, [user?.id, user?.appearance]);

  // A user under `enforce_tfa` without two-factor is led to its set-up once signed in (the API does not block).
  useEffect(() => {
    if (!user || user.tfa_secret) return;
    mustSetUpTwoFactor(client).then(
      (required) => {
        if (required) navigate('/account#two-factor');
      },
      () => undefined,
    );
  }, [client, user?.id]);

  return (
    <div class="shell">
      <a class="skip-link" href="#main">
        {t('Skip to content')}
      </a>
      <div class="side">
        <div class="side-head">
          <span class="brand">Stratum</span>
          <button
            type="button"
            class="menu-button"
            aria-expanded={menuOpen}
            aria-controls="side-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('Menu')}
          </button>
        </div>
        <div id="side-nav" class={menuOpen ? 'side-body open' : 'side-body'}>
          <MainNav />
          <CollectionsNav />
        </div>
      </div>
      <div class="page">
        <header class="top">
          <button type="button" onClick={openHelp}>
            {t('Keyboard shortcuts')}
          </button>
          <div class="user">
            <span class="user-name">{user ? displayName(user) : ''}</span>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void signOut().finally(() => setBusy(false));
              }}
            >
              {t('Sign out')}
            </button>
          </div>
        </header>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
      {help && <ShortcutsHelp onClose={() => setHelp(false)} />}
    </div>
  );
}

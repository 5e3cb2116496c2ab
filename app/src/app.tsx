import { Redirect, Route, Router, Switch } from 'wouter-preact';
import { AccountPage } from './account/account-page.js';
import { PoliciesPage, PolicyPage, RolePage, RolesPage, UserPage, UsersPage, WhyPage } from './access/access-routes.js';
import { ActivityPage } from './activity/activity-page.js';
import type { Client } from './api/client.js';
import { PasswordRequestPage } from './auth/password-request-page.js';
import { ResetPasswordPage } from './auth/reset-password-page.js';
import { SessionProvider, useSession, type WarmUp } from './auth/session.js';
import { SignInPage } from './auth/sign-in-page.js';
import { CollectionsPage } from './content/collections-page.js';
import { FilesPage } from './files/files-page.js';
import { FlowPage, FlowsPage } from './flows/flow-routes.js';
import { DashboardPage, DashboardsPage } from './insights/insights-routes.js';
import { lazyPage } from './lazy-page.js';
import { LiveProvider } from './realtime/live.js';
import { SharedPage } from './shared/shared-page.js';
import { TranslationsGate } from './shell/translations-gate.js';
import { t } from './i18n/t.js';
import { browserLanguages, pickLanguage, preloadLanguage } from './i18n/language.js';
import { pageToWarm, warmFirstPage } from './warm-up.js';

// The administrator sections load on first use: the sign-in page does not carry them.
const DataModelPage = lazyPage(() => import('./data-model/data-model-page.js').then((m) => m.DataModelPage));
const CollectionModelPage = lazyPage(() => import('./data-model/collection-model-page.js').then((m) => m.CollectionModelPage));
const SchemaPage = lazyPage(() => import('./schema/schema-page.js').then((m) => m.SchemaPage));
const SettingsPage = lazyPage(() => import('./settings/settings-page.js').then((m) => m.SettingsPage));
// The item page too: its form, side panel and history compare are not the sign-in page's (decision 0130).
const ItemPage = lazyPage(() => import('./content/item-page.js').then((m) => m.ItemPage));
// The frame of the signed-in pages (navigation, shortcuts, colour scheme) too: the sign-in page does not need it.
const Shell = lazyPage(() => import('./shell/shell.js').then((m) => m.Shell));
// …and so does the notifications inbox.
const NotificationsPage = lazyPage(() => import('./notifications/notifications-page.js').then((m) => m.NotificationsPage));
// …and the items list with its layouts (table, cards, calendar, kanban).
const ItemsPage = lazyPage(() => import('./content/items-page.js').then((m) => m.ItemsPage));

/**
 * The password pages and a share's public page work signed in or out. Otherwise, signed out: the sign-in page at whatever address was
 * asked for (it stays, so a deep link survives sign-in).
 */
function Pages() {
  const { user } = useSession();
  return (
    <Switch>
      <Route path="/password-request">{() => <PasswordRequestPage />}</Route>
      <Route path="/reset-password">{() => <ResetPasswordPage />}</Route>
      <Route path="/shared/:id">{(params) => <SharedPage id={decodeURIComponent(params.id)} />}</Route>
      <Route>
        {() =>
          user === undefined ? (
            <p class="loading" aria-live="polite">
              {t('Loading…')}
            </p>
          ) : user === null ? (
            <SignInPage />
          ) : (
            <SignedIn />
          )
        }
      </Route>
    </Switch>
  );
}

function SignedIn() {
  return (
    <LiveProvider>
      <TranslationsGate>
        <Shell>
          <Switch>
            <Route path="/content">{() => <CollectionsPage />}</Route>
            <Route path="/content/:collection">{(params) => <ItemsPage collection={decodeURIComponent(params.collection)} />}</Route>
            <Route path="/content/:collection/:id">
              {(params) => <ItemPage collection={decodeURIComponent(params.collection)} id={decodeURIComponent(params.id)} />}
            </Route>
            <Route path="/files">{() => <FilesPage />}</Route>
            <Route path="/activity">{() => <ActivityPage />}</Route>
            <Route path="/notifications">{() => <NotificationsPage />}</Route>
            <Route path="/account">{() => <AccountPage />}</Route>
            <Route path="/users">{() => <UsersPage />}</Route>
            <Route path="/users/:id">{(params) => <UserPage id={decodeURIComponent(params.id)} />}</Route>
            <Route path="/roles">{() => <RolesPage />}</Route>
            <Route path="/roles/:id">{(params) => <RolePage id={decodeURIComponent(params.id)} />}</Route>
            <Route path="/policies">{() => <PoliciesPage />}</Route>
            <Route path="/why">{() => <WhyPage />}</Route>
            <Route path="/flows">{() => <FlowsPage />}</Route>
            <Route path="/flows/:id">{(params) => <FlowPage id={decodeURIComponent(params.id)} />}</Route>
            <Route path="/insights">{() => <DashboardsPage />}</Route>
            <Route path="/insights/:id">{(params) => <DashboardPage id={decodeURIComponent(params.id)} />}</Route>
            <Route path="/policies/:id">{(params) => <PolicyPage id={decodeURIComponent(params.id)} />}</Route>
            <Route path="/data-model">{() => <DataModelPage />}</Route>
            <Route path="/schema">{() => <SchemaPage />}</Route>
            <Route path="/settings">{() => <SettingsPage />}</Route>
            <Route path="/data-model/:collection">
              {(params) => <CollectionModelPage collection={decodeURIComponent(params.collection)} />}
            </Route>
            <Route path="/">{() => <Redirect to="/content" replace />}</Route>
            <Route>
              <section aria-labelledby="page-title">
                <h1 id="page-title">{t('Page not found')}</h1>
                <p>{t('There is no page at this address.')}</p>
              </section>
            </Route>
          </Switch>
        </Shell>
      </TranslationsGate>
    </LiveProvider>
  );
}

/** The page the address asks for, of those worth warming up. */
const firstPage = () => pageToWarm(window.location.pathname);

/** The signed-in frame's and the first page's code and reads, started while the session is restored (decision 0182). */
const warmUp: WarmUp = {
  code() {
    Shell.preload();
    void import('./ui/translations-loader.js').catch(() => undefined);
    // The browser's language: most users keep it (the user's own, if another, is known only with the user).
    preloadLanguage(pickLanguage(null, browserLanguages()));
    const page = firstPage();
    if (page.kind === 'items') ItemsPage.preload();
    if (page.kind === 'item') ItemPage.preload();
  },
  data: (client) => warmFirstPage(client, firstPage()),
};

export function App({ client }: { client: Client }) {
  return (
    <Router base="/admin">
      <SessionProvider client={client} warmUp={warmUp}>
        <Pages />
      </SessionProvider>
    </Router>
  );
}

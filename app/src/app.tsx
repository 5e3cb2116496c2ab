import { Redirect, Route, Router, Switch } from 'wouter-preact';
import { AccountPage } from './account/account-page.js';
import { ActivityPage } from './activity/activity-page.js';
import type { Client } from './api/client.js';
import { SessionProvider, useSession } from './auth/session.js';
import { SignInPage } from './auth/sign-in-page.js';
import { CollectionsPage } from './content/collections-page.js';
import { ItemPage } from './content/item-page.js';
import { ItemsPage } from './content/items-page.js';
import { Shell } from './shell/shell.js';

/** Signed out: the sign-in page at whatever address was asked for (it stays, so a deep link survives sign-in). */
function Pages() {
  const { user } = useSession();
  if (user === undefined) return <p class="loading" aria-live="polite">Loading…</p>;
  if (user === null) return <SignInPage />;
  return (
    <Shell>
      <Switch>
        <Route path="/content">{() => <CollectionsPage />}</Route>
        <Route path="/content/:collection">{(params) => <ItemsPage collection={decodeURIComponent(params.collection)} />}</Route>
        <Route path="/content/:collection/:id">{(params) => <ItemPage collection={decodeURIComponent(params.collection)} id={decodeURIComponent(params.id)} />}</Route>
        <Route path="/activity">{() => <ActivityPage />}</Route>
        <Route path="/account">{() => <AccountPage />}</Route>
        <Route path="/">{() => <Redirect to="/content" replace />}</Route>
        <Route>
          <section aria-labelledby="page-title">
            <h1 id="page-title">Page not found</h1>
            <p>There is no page at this address.</p>
          </section>
        </Route>
      </Switch>
    </Shell>
  );
}

export function App({ client }: { client: Client }) {
  return (
    <Router base="/admin">
      <SessionProvider client={client}>
        <Pages />
      </SessionProvider>
    </Router>
  );
}

import { displayName, useSession } from '../auth/session.js';

/** The signed-in user's own account (profile editing, password, two-factor and sessions come next). */
export function AccountPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Account</h1>
      <dl class="item">
        <div>
          <dt>Name</dt>
          <dd>{displayName(user)}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email ?? '—'}</dd>
        </div>
      </dl>
    </section>
  );
}

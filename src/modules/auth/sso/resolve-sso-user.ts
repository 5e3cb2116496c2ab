import type { AuthProviderConfig } from '../../../config/index.js';
import { asSystem, type Context } from '../../../engine/context.js';
import { invalidCredentials, invalidProvider, isAppError } from '../../../kernel/errors/index.js';
import type { ItemsService } from '../../items/index.js';
import type { SsoProfile } from './provider-client.js';

type UserRow = {
  id: string;
  status: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  external_identifier: string | null;
};

const COLUMNS = ['id', 'status', 'email', 'first_name', 'last_name', 'external_identifier'];
const MAX_IDENTIFIER_LENGTH = 255;

/** A claim as text (strings as given, numbers as digits), or null. */
function claim(profile: SsoProfile, key: string | null): string | null {
  if (key === null) return null;
  const value = profile[key];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** What the profile says about the person, read with the provider's *_KEY settings. */
export function readProfile(provider: AuthProviderConfig, profile: SsoProfile) {
  const email = claim(profile, provider.emailKey)?.toLowerCase() ?? null;
  const identifier = provider.identifierKey === null ? email : claim(profile, provider.identifierKey);
  return {
    identifier,
    email,
    firstName: claim(profile, provider.firstNameKey)?.slice(0, 50) ?? null,
    lastName: claim(profile, provider.lastNameKey)?.slice(0, 50) ?? null,
    /** OpenID's `email_verified`: true, false, or null when the provider does not say. */
    emailVerified: typeof profile.email_verified === 'boolean' ? profile.email_verified : null,
  };
}

/**
 * The active user a provider's profile signs in as (docs/decisions/0006-single-sign-on.md):
 * 1. the user of this provider whose `external_identifier` is the identifier (compared case-insensitively);
 * 2. else a user of this provider created ahead of time with that e-mail and no identifier yet (the identifier is
 *    bound on this first sign-in), unless the provider says the e-mail is unverified;
 * 3. else, with ALLOW_PUBLIC_REGISTRATION, a new active user (`provider`, `external_identifier`, e-mail, names,
 *    DEFAULT_ROLE_ID); an e-mail or identifier held by another account (a password user, another provider) is
 *    403 INVALID_PROVIDER, never a link to that account.
 * Users of other providers (`default` included) are never matched. No match, no registration, a missing
 * identifier or a user who is not active: 401 INVALID_CREDENTIALS.
 */
export async function resolveSsoUser(
  ctx: Context,
  items: ItemsService,
  provider: AuthProviderConfig,
  profile: SsoProfile,
): Promise<string> {
  const person = readProfile(provider, profile);
  if (person.identifier === null || person.identifier.length > MAX_IDENTIFIER_LENGTH) throw invalidCredentials();
  const system = asSystem(ctx);

  let user = (await ctx
    .db('service_users')
    .select(COLUMNS)
    .where({ provider: provider.name })
    .whereRaw('LOWER(??) = ?', ['external_identifier', person.identifier.toLowerCase()])
    .first()) as UserRow | undefined;

  if (!user && person.email !== null && person.emailVerified !== false) {
    const invited = (await ctx
      .db('service_users')
      .select(COLUMNS)
      .where({ provider: provider.name })
      .whereNull('external_identifier')
      .whereRaw('LOWER(??) = ?', ['email', person.email])
      .first()) as UserRow | undefined;
    if (invited) {
      await writeUser(() => items.updateOne(system, 'service_users', invited.id, { external_identifier: person.identifier }));
      user = { ...invited, external_identifier: person.identifier };
    }
  }

  if (!user) {
    if (!provider.allowPublicRegistration) throw invalidCredentials();
    if (provider.requireVerifiedEmail && person.emailVerified !== true) throw invalidCredentials();
    if (await taken(ctx, 'external_identifier', person.identifier)) throw invalidProvider();
    if (person.email !== null && (await taken(ctx, 'email', person.email))) throw invalidProvider();
    const id = await writeUser(() =>
      items.createOne(system, 'service_users', {
        provider: provider.name,
        external_identifier: person.identifier,
        email: person.email,
        first_name: person.firstName,
        last_name: person.lastName,
        role: provider.defaultRoleId,
        status: 'active',
      }),
    );
    return String(id);
  }

  if (user.status !== 'active') throw invalidCredentials();
  if (provider.syncUserInfo) {
    const changes: Record<string, string> = {};
    if (person.firstName !== null && person.firstName !== user.first_name) changes.first_name = person.firstName;
    if (person.lastName !== null && person.lastName !== user.last_name) changes.last_name = person.lastName;
    if (person.email !== null && person.email !== user.email?.toLowerCase()) {
      if (await taken(ctx, 'email', person.email)) throw invalidProvider();
      changes.email = person.email;
    }
    if (Object.keys(changes).length > 0) await writeUser(() => items.updateOne(system, 'service_users', user.id, changes));
  }
  return user.id;
}

async function taken(ctx: Context, column: 'email' | 'external_identifier', value: string): Promise<boolean> {
  const row = (await ctx.db('service_users').select('id').whereRaw('LOWER(??) = ?', [column, value.toLowerCase()]).first()) as
    { id: string } | undefined;
  return row !== undefined;
}

/** A write racing another sign-in of the same person (unique e-mail or identifier) is INVALID_PROVIDER. */
async function writeUser<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isAppError(error) && error.code === 'RECORD_NOT_UNIQUE') throw invalidProvider();
    throw error;
  }
}

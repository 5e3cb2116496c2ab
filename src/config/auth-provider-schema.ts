import type { VarSpec } from './config-schema.js';

/** A per-provider setting: `AUTH_<NAME>_<key>`; `drivers` lists the drivers that read it. */
export type ProviderVarSpec = Omit<VarSpec, 'name'> & { key: string; drivers: readonly ('openid' | 'oauth2')[]; required?: boolean };

/**
 * The settings of one single sign-on provider named in AUTH_PROVIDERS, read as `AUTH_<NAME>_<KEY>` (Directus's
 * names). Every variable of a listed provider is checked at start-up: unknown keys, keys of the other driver,
 * missing required keys and bad values stop the start.
 */
export const AUTH_PROVIDER_SCHEMA: readonly ProviderVarSpec[] = [
  {
    key: 'DRIVER',
    type: 'enum',
    values: ['openid', 'oauth2'],
    drivers: ['openid', 'oauth2'],
    required: true,
    description: '`openid` (OpenID Connect, discovered from the issuer) or `oauth2` (plain OAuth 2.0 with explicit endpoints).',
  },
  { key: 'CLIENT_ID', type: 'string', drivers: ['openid', 'oauth2'], required: true, description: 'Client id registered at the provider.' },
  {
    key: 'CLIENT_SECRET',
    type: 'string',
    drivers: ['openid', 'oauth2'],
    required: true,
    secret: true,
    description: 'Client secret registered at the provider.',
  },
  {
    key: 'CLIENT_TOKEN_ENDPOINT_AUTH_METHOD',
    type: 'enum',
    default: 'client_secret_basic',
    values: ['client_secret_basic', 'client_secret_post'],
    drivers: ['openid', 'oauth2'],
    description: 'How the client authenticates at the token endpoint.',
  },
  {
    key: 'ISSUER_URL',
    type: 'url',
    drivers: ['openid', 'oauth2'],
    description:
      'openid (required): issuer whose `/.well-known/openid-configuration` is read. oauth2 (optional): the expected `iss` of callbacks (default: origin of the authorize URL).',
  },
  { key: 'AUTHORIZE_URL', type: 'url', drivers: ['oauth2'], required: true, description: 'Authorization endpoint.' },
  { key: 'ACCESS_URL', type: 'url', drivers: ['oauth2'], required: true, description: 'Token endpoint.' },
  {
    key: 'PROFILE_URL',
    type: 'url',
    drivers: ['oauth2'],
    required: true,
    description: "Endpoint answering the signed-in user's profile as JSON (bearer access token).",
  },
  {
    key: 'SCOPE',
    type: 'string',
    drivers: ['openid', 'oauth2'],
    description: 'Scopes asked for; default `openid profile email` (openid) or `email` (oauth2).',
  },
  {
    key: 'PARAMS',
    type: 'json',
    drivers: ['openid', 'oauth2'],
    description: 'Extra authorization-request parameters as a JSON object of strings, e.g. `{"prompt":"select_account"}`.',
  },
  {
    key: 'IDENTIFIER_KEY',
    type: 'string',
    drivers: ['openid', 'oauth2'],
    description: "Profile claim stored as the user's `external_identifier`; default `sub` (openid) or the e-mail (oauth2).",
  },
  {
    key: 'EMAIL_KEY',
    type: 'string',
    default: 'email',
    drivers: ['openid', 'oauth2'],
    description: 'Profile claim holding the e-mail address.',
  },
  {
    key: 'FIRST_NAME_KEY',
    type: 'string',
    drivers: ['openid', 'oauth2'],
    description: 'Profile claim holding the first name; default `given_name` (openid).',
  },
  {
    key: 'LAST_NAME_KEY',
    type: 'string',
    drivers: ['openid', 'oauth2'],
    description: 'Profile claim holding the last name; default `family_name` (openid).',
  },
  {
    key: 'ALLOW_PUBLIC_REGISTRATION',
    type: 'boolean',
    default: 'false',
    drivers: ['openid', 'oauth2'],
    description: 'Create a user on the first sign-in of an unknown identity; otherwise only existing users of this provider may sign in.',
  },
  {
    key: 'DEFAULT_ROLE_ID',
    type: 'string',
    drivers: ['openid', 'oauth2'],
    description: 'Role of users created by registration (none when unset).',
  },
  {
    key: 'REQUIRE_VERIFIED_EMAIL',
    type: 'boolean',
    default: 'false',
    drivers: ['openid'],
    description: 'Registration needs `email_verified: true` from the provider.',
  },
  {
    key: 'SYNC_USER_INFO',
    type: 'boolean',
    default: 'false',
    drivers: ['openid', 'oauth2'],
    description: 'Update first name, last name and e-mail from the provider on every sign-in.',
  },
  {
    key: 'REDIRECT_ALLOW_LIST',
    type: 'list',
    default: '',
    drivers: ['openid', 'oauth2'],
    description:
      'URLs the `redirect` of a sign-in may name, besides any URL on the origin of PUBLIC_URL: an exact entry, or the same origin and path.',
  },
  {
    key: 'MODE',
    type: 'enum',
    default: 'session',
    values: ['session', 'cookie'],
    drivers: ['openid', 'oauth2'],
    description: 'What a sign-in with a `redirect` sets: the session cookie (`session`) or the refresh-token cookie (`cookie`).',
  },
  { key: 'LABEL', type: 'string', drivers: ['openid', 'oauth2'], description: 'Name shown in `GET /auth`.' },
  { key: 'ICON', type: 'string', drivers: ['openid', 'oauth2'], description: 'Icon shown in `GET /auth`.' },
  {
    key: 'COOKIE_SECURE',
    type: 'boolean',
    default: 'false',
    drivers: ['openid', 'oauth2'],
    description: 'Secure flag of the short-lived sign-in flow cookie.',
  },
  {
    key: 'ALLOW_INSECURE_REQUESTS',
    type: 'boolean',
    default: 'false',
    drivers: ['openid', 'oauth2'],
    description: 'Allow plain-http provider URLs on hosts other than localhost (the loopback addresses are always allowed).',
  },
];

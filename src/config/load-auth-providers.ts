import { AUTH_PROVIDER_SCHEMA, type ProviderVarSpec } from './auth-provider-schema.js';
import type { VarSpec } from './config-schema.js';
import { parseValue } from './parse-value.js';

export type SsoDriver = 'openid' | 'oauth2';

/** One single sign-on provider, typed and checked (see AUTH_PROVIDER_SCHEMA). */
export type AuthProviderConfig = {
  /** Lower-case name from AUTH_PROVIDERS; the key in URLs. */
  name: string;
  driver: SsoDriver;
  label: string | null;
  icon: string | null;
  clientId: string;
  clientSecret: string;
  tokenEndpointAuthMethod: 'client_secret_basic' | 'client_secret_post';
  /** openid: the issuer (discovery); oauth2: the expected `iss`, or null. */
  issuerUrl: string | null;
  /** oauth2 endpoints (null for openid). */
  authorizeUrl: string | null;
  accessUrl: string | null;
  profileUrl: string | null;
  scope: string;
  params: Record<string, string>;
  /** Claim stored as `external_identifier`; null = the e-mail (oauth2 without IDENTIFIER_KEY). */
  identifierKey: string | null;
  emailKey: string;
  firstNameKey: string | null;
  lastNameKey: string | null;
  allowPublicRegistration: boolean;
  defaultRoleId: string | null;
  requireVerifiedEmail: boolean;
  syncUserInfo: boolean;
  redirectAllowList: string[];
  mode: 'session' | 'cookie';
  cookieSecure: boolean;
  allowInsecureRequests: boolean;
};

const NAME = /^[a-z0-9]+$/;
const BY_KEY = new Map(AUTH_PROVIDER_SCHEMA.map((spec) => [spec.key, spec]));
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Reads and checks `AUTH_<NAME>_*` for every name in AUTH_PROVIDERS. Problems (unknown or reserved names,
 * unknown keys, keys of the other driver, missing required keys, bad values, a PUBLIC_URL that cannot make
 * callback URLs) are appended to `problems`; the caller stops the start when there are any.
 */
export function loadAuthProviders(
  env: Record<string, string | undefined>,
  names: readonly string[],
  publicUrl: string,
  problems: string[],
): AuthProviderConfig[] {
  const providers: AuthProviderConfig[] = [];
  const seen = new Set<string>();
  for (const rawName of names) {
    const name = rawName.toLowerCase();
    if (!NAME.test(name)) {
      problems.push(`AUTH_PROVIDERS: "${rawName}" must be letters and digits only`);
      continue;
    }
    if (name === 'default') {
      problems.push('AUTH_PROVIDERS: "default" is reserved for e-mail and password login');
      continue;
    }
    if (seen.has(name)) {
      problems.push(`AUTH_PROVIDERS: "${rawName}" is listed twice`);
      continue;
    }
    seen.add(name);
    const provider = loadProvider(env, name, problems);
    if (provider) providers.push(provider);
  }
  if (providers.length > 0 && !isAbsoluteWebUrl(publicUrl)) {
    problems.push(
      'AUTH_PROVIDERS needs PUBLIC_URL to be an absolute http(s) URL (the providers redirect back to <PUBLIC_URL>/auth/login/<name>/callback)',
    );
  }
  return providers;
}

function loadProvider(env: Record<string, string | undefined>, name: string, problems: string[]): AuthProviderConfig | null {
  const prefix = `AUTH_${name.toUpperCase()}_`;
  const raw = new Map<string, string>();
  for (const [variable, value] of Object.entries(env)) {
    if (!variable.startsWith(prefix) || value === undefined || variable.endsWith('_FILE')) continue;
    raw.set(variable.slice(prefix.length), value);
  }
  const before = problems.length;
  const driverSpec = BY_KEY.get('DRIVER')!;
  const driverText = raw.get('DRIVER') ?? '';
  if (driverText === '') {
    problems.push(`${prefix}DRIVER is required for the provider "${name}" (openid or oauth2)`);
    return null;
  }
  const driverParsed = parseValue(specFor(prefix, driverSpec), driverText);
  if ('error' in driverParsed) {
    problems.push(driverParsed.error);
    return null;
  }
  const driver = driverParsed.value as SsoDriver;

  const values = new Map<string, unknown>();
  for (const [key, text] of raw) {
    const spec = BY_KEY.get(key);
    if (!spec) {
      problems.push(`${prefix}${key} is not a setting of single sign-on providers`);
      continue;
    }
    if (!spec.drivers.includes(driver)) {
      problems.push(`${prefix}${key} does not apply to the ${driver} driver`);
      continue;
    }
    const parsed = parseValue(specFor(prefix, spec), text);
    if ('error' in parsed) problems.push(parsed.error);
    else values.set(key, parsed.value);
  }
  for (const spec of AUTH_PROVIDER_SCHEMA) {
    if (!spec.drivers.includes(driver)) continue;
    const required = spec.required === true || (spec.key === 'ISSUER_URL' && driver === 'openid');
    const present = values.get(spec.key);
    if (required && (present === undefined || present === null || present === ''))
      problems.push(`${prefix}${spec.key} is required for the ${driver} driver`);
    else if (present === undefined && spec.default !== undefined) {
      const parsed = parseValue(specFor(prefix, spec), spec.default);
      if (!('error' in parsed)) values.set(spec.key, parsed.value);
    }
  }

  const allowInsecure = values.get('ALLOW_INSECURE_REQUESTS') === true;
  for (const key of ['ISSUER_URL', 'AUTHORIZE_URL', 'ACCESS_URL', 'PROFILE_URL']) {
    const url = values.get(key);
    if (typeof url !== 'string') continue;
    const problem = urlProblem(url, allowInsecure);
    if (problem) problems.push(`${prefix}${key} ${problem}`);
  }
  const scope = values.get('SCOPE');
  if (driver === 'openid' && typeof scope === 'string' && !scope.split(/\s+/).includes('openid'))
    problems.push(`${prefix}SCOPE must include "openid" for the openid driver`);
  const params = values.get('PARAMS');
  if (params !== undefined && params !== null && !isStringRecord(params)) problems.push(`${prefix}PARAMS must be a JSON object of strings`);
  for (const entry of (values.get('REDIRECT_ALLOW_LIST') as string[] | undefined) ?? []) {
    if (!isAbsoluteWebUrl(entry)) problems.push(`${prefix}REDIRECT_ALLOW_LIST: "${entry}" is not an absolute http(s) URL`);
  }
  if (problems.length > before) return null;

  const text = (key: string): string | null => {
    const v = values.get(key);
    return typeof v === 'string' && v !== '' ? v : null;
  };
  const flag = (key: string): boolean => values.get(key) === true;
  const openid = driver === 'openid';
  const authorizeUrl = text('AUTHORIZE_URL');
  return {
    name,
    driver,
    label: text('LABEL'),
    icon: text('ICON'),
    clientId: text('CLIENT_ID')!,
    clientSecret: text('CLIENT_SECRET')!,
    tokenEndpointAuthMethod: text('CLIENT_TOKEN_ENDPOINT_AUTH_METHOD') as AuthProviderConfig['tokenEndpointAuthMethod'],
    issuerUrl: text('ISSUER_URL') ?? (authorizeUrl ? new URL(authorizeUrl).origin : null),
    authorizeUrl,
    accessUrl: text('ACCESS_URL'),
    profileUrl: text('PROFILE_URL'),
    scope: text('SCOPE') ?? (openid ? 'openid profile email' : 'email'),
    params: (params as Record<string, string> | null | undefined) ?? {},
    identifierKey: text('IDENTIFIER_KEY') ?? (openid ? 'sub' : null),
    emailKey: text('EMAIL_KEY') ?? 'email',
    firstNameKey: text('FIRST_NAME_KEY') ?? (openid ? 'given_name' : null),
    lastNameKey: text('LAST_NAME_KEY') ?? (openid ? 'family_name' : null),
    allowPublicRegistration: flag('ALLOW_PUBLIC_REGISTRATION'),
    defaultRoleId: text('DEFAULT_ROLE_ID'),
    requireVerifiedEmail: flag('REQUIRE_VERIFIED_EMAIL'),
    syncUserInfo: flag('SYNC_USER_INFO'),
    redirectAllowList: (values.get('REDIRECT_ALLOW_LIST') as string[] | undefined) ?? [],
    mode: text('MODE') as 'session' | 'cookie',
    cookieSecure: flag('COOKIE_SECURE'),
    allowInsecureRequests: allowInsecure,
  };
}

function specFor(prefix: string, spec: ProviderVarSpec): VarSpec {
  return { ...spec, name: `${prefix}${spec.key}` };
}

function isAbsoluteWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const protocol = new URL(value).protocol;
  return protocol === 'http:' || protocol === 'https:';
}

/** Why a provider URL can't be used: not http(s), credentials in it, or plain http off the loopback host. */
function urlProblem(value: string, allowInsecure: boolean): string | null {
  if (!isAbsoluteWebUrl(value)) return 'must be an absolute http(s) URL';
  const url = new URL(value);
  if (url.username !== '' || url.password !== '') return 'must not contain credentials';
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname) && !allowInsecure)
    return 'uses plain http; use https (or set ALLOW_INSECURE_REQUESTS=true for this provider)';
  return null;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
}

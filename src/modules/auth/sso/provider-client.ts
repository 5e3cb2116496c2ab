import type * as Oidc from 'openid-client';
import type { AuthProviderConfig } from '../../../config/index.js';
import { invalidCredentials, isAppError, serviceUnavailable, type AppError } from '../../../kernel/errors/index.js';

/** The claims the provider gave about the signed-in person (ID token claims and userinfo, or the oauth2 profile). */
export type SsoProfile = Record<string, unknown>;

export type ProviderClient = {
  /** The provider's authorization URL for a new flow (authorization code, PKCE S256, state, OpenID nonce). */
  authorizationUrl(input: { callbackUrl: string; state: string; codeChallenge: string; nonce: string | null }): Promise<URL>;
  /** Redeems the callback's code (checking state, issuer, PKCE and the ID token) and reads the profile. */
  profile(input: { callbackUrl: URL; codeVerifier: string; state: string; nonce: string | null }): Promise<SsoProfile>;
};

const TIMEOUT_SECONDS = 10;

let oidcModule: Promise<typeof Oidc> | null = null;

/** openid-client (and jose under it) is loaded on the first sign-in, not at start: most servers have no provider. */
export function loadOpenIdClient(): Promise<typeof Oidc> {
  oidcModule ??= import('openid-client');
  return oidcModule;
}

/**
 * One provider through openid-client: `openid` discovers its endpoints from the issuer (once, retried after a
 * failure); `oauth2` uses the configured endpoints and reads PROFILE_URL with the access token. Errors of the
 * provider's service (unreachable, 5xx, unexpected answers to the server's own requests) are 503
 * SERVICE_UNAVAILABLE; a refused or tampered sign-in is 401 INVALID_CREDENTIALS.
 */
export function createProviderClient(provider: AuthProviderConfig, log: (error: unknown, message: string) => void): ProviderClient {
  let configuration: Promise<Oidc.Configuration> | null = null;

  const configure = async (): Promise<Oidc.Configuration> => {
    const oidc = await loadOpenIdClient();
    const clientAuth =
      provider.tokenEndpointAuthMethod === 'client_secret_post'
        ? oidc.ClientSecretPost(provider.clientSecret)
        : oidc.ClientSecretBasic(provider.clientSecret);
    const insecure =
      provider.allowInsecureRequests ||
      [provider.issuerUrl, provider.authorizeUrl, provider.accessUrl, provider.profileUrl].some((u) => u?.startsWith('http:'));
    const execute = insecure ? [oidc.allowInsecureRequests] : [];
    let config: Oidc.Configuration;
    if (provider.driver === 'openid') {
      config = await oidc.discovery(new URL(provider.issuerUrl!), provider.clientId, undefined, clientAuth, {
        execute,
        timeout: TIMEOUT_SECONDS,
      });
    } else {
      config = new oidc.Configuration(
        {
          issuer: provider.issuerUrl!,
          authorization_endpoint: provider.authorizeUrl!,
          token_endpoint: provider.accessUrl!,
          userinfo_endpoint: provider.profileUrl!,
        },
        provider.clientId,
        undefined,
        clientAuth,
      );
      for (const step of execute) step(config);
    }
    config.timeout = TIMEOUT_SECONDS;
    return config;
  };

  const ready = async (): Promise<Oidc.Configuration> => {
    configuration ??= configure().catch((error: unknown) => {
      configuration = null;
      log(error, `single sign-on: provider "${provider.name}" could not be configured`);
      throw serviceUnavailable(provider.name, 'The identity provider could not be reached', error);
    });
    return configuration;
  };

  return {
    async authorizationUrl({ callbackUrl, state, codeChallenge, nonce }) {
      const config = await ready();
      const oidc = await loadOpenIdClient();
      return oidc.buildAuthorizationUrl(config, {
        ...provider.params,
        client_id: provider.clientId,
        redirect_uri: callbackUrl,
        response_type: 'code',
        scope: provider.scope,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        state,
        ...(nonce !== null ? { nonce } : {}),
      });
    },

    async profile({ callbackUrl, codeVerifier, state, nonce }) {
      const config = await ready();
      const oidc = await loadOpenIdClient();
      try {
        const tokens = await oidc.authorizationCodeGrant(
          config,
          callbackUrl,
          {
            pkceCodeVerifier: codeVerifier,
            expectedState: state,
            ...(nonce !== null ? { expectedNonce: nonce } : {}),
            idTokenExpected: provider.driver === 'openid',
          },
          { redirect_uri: withoutQuery(callbackUrl) },
        );
        if (provider.driver === 'openid') {
          const claims = tokens.claims();
          if (!claims) throw invalidCredentials();
          const userinfo = config.serverMetadata().userinfo_endpoint
            ? await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)
            : {};
          return { ...userinfo, ...claims } as SsoProfile;
        }
        const response = await oidc.fetchProtectedResource(
          config,
          tokens.access_token,
          new URL(provider.profileUrl!),
          'GET',
          undefined,
          new Headers({ accept: 'application/json' }),
        );
        if (!response.ok) throw serviceUnavailable(provider.name, `The profile endpoint answered ${response.status}`);
        const body = (await response.json()) as unknown;
        if (typeof body !== 'object' || body === null || Array.isArray(body))
          throw serviceUnavailable(provider.name, 'The profile endpoint did not answer a JSON object');
        return body as SsoProfile;
      } catch (error) {
        throw toAppError(oidc, provider.name, error, log);
      }
    },
  };
}

function withoutQuery(url: URL): string {
  const copy = new URL(url);
  copy.search = '';
  copy.hash = '';
  return copy.href;
}

/** Whether an error (or one of its causes) is the network failing rather than an answer. */
function isNetworkFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current.name === 'AbortError' || current.name === 'TimeoutError') return true;
    if (current instanceof TypeError && /fetch failed/i.test(current.message)) return true;
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && /^(ECONN|ENOTFOUND|EAI_|ETIMEDOUT|UND_ERR)/.test(code)) return true;
  }
  return false;
}

function toAppError(oidc: typeof Oidc, provider: string, error: unknown, log: (error: unknown, message: string) => void): AppError {
  if (isAppError(error)) return error;
  log(error, `single sign-on: sign-in with provider "${provider}" failed`);
  if (isNetworkFailure(error)) return serviceUnavailable(provider, 'The identity provider could not be reached', error);
  // The provider refused the code (invalid_grant: spent, expired, or another client's) or the user denied access.
  if (error instanceof oidc.AuthorizationResponseError) return invalidCredentials();
  if (error instanceof oidc.ResponseBodyError)
    return error.error === 'invalid_grant'
      ? invalidCredentials()
      : serviceUnavailable(provider, `The identity provider answered "${error.error}"`, error);
  return invalidCredentials();
}

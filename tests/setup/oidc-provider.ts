import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type AccountClaims } from 'oidc-provider';

export type TestIdentityProvider = {
  /** `http://127.0.0.1:<port>`, the issuer. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims of the accounts the provider knows, by login; unknown logins get `{sub: login}` only. */
  accounts: Map<string, AccountClaims>;
  /** Requests the provider received (method and path), to see what the server asked. */
  requests: string[];
  /**
   * Plays the browser from the provider URL a sign-in start answered until the provider sends it back to
   * `callbackPrefix`: signs in as `login` (the provider's development login form) and consents. Returns that
   * callback URL.
   */
  signIn(authorizationUrl: string, login: string, callbackPrefix: string): Promise<URL>;
  stop(): Promise<void>;
};

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a random localhost port, with one confidential
 * client whose redirect URIs are `redirectUris`. Its development interactions accept any login.
 */
export async function startIdentityProvider(redirectUris: string[]): Promise<TestIdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'stratum-test';
  const clientSecret = 'stratum-test-client-secret-0123456789';
  const accounts = new Map<string, AccountClaims>();
  const requests: string[] = [];

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => accounts.get(id) ?? { sub: id } }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    cookies: { keys: ['stratum-test-cookie-key'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
  });
  const handler = provider.callback();
  server.on('request', (req, res) => {
    requests.push(`${req.method} ${req.url?.split('?')[0]}`);
    handler(req, res);
  });

  const signIn = async (authorizationUrl: string, login: string, callbackPrefix: string): Promise<URL> => {
    const jar = new Map<string, string>();
    const send = async (url: string, form?: Record<string, string>) => {
      const response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      });
      for (const header of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = header.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
        if (expired) jar.delete(name);
        else jar.set(name, value);
      }
      return response;
    };

    let url = authorizationUrl;
    for (let step = 0; step < 20; step++) {
      if (url.startsWith(callbackPrefix)) return new URL(url);
      let response: Response;
      if (/\/interaction\/[^/]+$/.test(new URL(url).pathname)) {
        const page = await (await send(url)).text();
        const prompt = page.includes('name="prompt" value="consent"') ? 'consent' : 'login';
        response = await send(url, prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
      } else {
        response = await send(url);
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider answered ${response.status} at ${url}: ${(await response.text()).slice(0, 500)}`);
      url = new URL(location, url).href;
    }
    throw new Error('the provider kept redirecting');
  };

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    requests,
    signIn,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

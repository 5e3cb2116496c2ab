/** The small part of oidc-provider (which ships no types) that tests/setup/oidc-provider.ts uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AccountClaims = Record<string, unknown> & { sub: string };
  export type Account = { accountId: string; claims: () => Promise<AccountClaims> | AccountClaims };

  export type ProviderConfiguration = {
    clients?: Record<string, unknown>[];
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[]>;
    cookies?: { keys?: string[] };
    pkce?: { required?: () => boolean };
    features?: Record<string, unknown>;
    [key: string]: unknown;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}

/** The little of oidc-provider (which ships no types) that the e2e identity provider uses. */
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface GrantConstructor {
    new (init: { clientId: string; accountId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }
  interface OidcContext {
    oidc: {
      provider: { Grant: GrantConstructor };
      client: { clientId: string };
      session: { accountId: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
    };
  }
  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients: Record<string, unknown>[];
    findAccount(ctx: unknown, id: string): Promise<Account>;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys: string[] };
    loadExistingGrant?(ctx: OidcContext): Promise<Grant | undefined>;
    pkce?: { required?: () => boolean };
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    listen(port: number, host?: string, cb?: () => void): Server;
  }
}

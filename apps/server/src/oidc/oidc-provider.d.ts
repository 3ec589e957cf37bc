// The parts of node-oidc-provider (v9, shipped untyped) that the hub's provider and the stand-in
// Google of the tests use. Configuration stays a loose record: oidc-provider validates it itself.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionResults {
    login?: { accountId: string; amr?: string[]; acr?: string; remember?: boolean; ts?: number };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export interface Interaction {
    uid: string;
    jti: string;
    kind: string;
    exp: number;
    iat: number;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string; uid?: string; cookie?: string };
    grantId?: string;
    lastSubmission?: InteractionResults;
    result?: InteractionResults;
    save(ttlSeconds: number): Promise<string>;
    persist(): Promise<string>;
  }

  export interface GrantInstance {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(ttlSeconds?: number): Promise<string>;
    destroy(): Promise<void>;
  }

  export interface ClientInstance {
    clientId: string;
    clientName?: string;
    tokenEndpointAuthMethod: string;
    clientAuthMethod: string;
    backchannelLogoutUri?: string;
    /** The scopes the client may ask for (its `scope` metadata), space-separated. */
    scope?: string;
    /** The hub's extra metadata `hub_security_profile` (fapi2 or absent). */
    hubSecurityProfile?: string;
    metadata(): Record<string, unknown>;
    compareClientSecret(actual: string): boolean | Promise<boolean>;
  }

  export interface KoaContextWithOIDC {
    req: IncomingMessage;
    cookies: { get(name: string, options?: { signed?: boolean }): string | undefined };
    res: ServerResponse;
    ip: string;
    oidc: {
      route: string;
      client?: ClientInstance;
      params?: Record<string, unknown>;
      session?: { accountId?: string };
      entities: Record<string, unknown>;
      [key: string]: unknown;
    };
    [key: string]: unknown;
  }

  export type FindAccount = (
    ctx: KoaContextWithOIDC,
    sub: string,
    token?: unknown,
  ) => Promise<
    | {
        accountId: string;
        claims: (
          use: string,
          scope: string,
          claims: unknown,
          rejected: string[],
        ) => Promise<Record<string, unknown>>;
      }
    | undefined
  >;

  export class Check {
    constructor(
      reason: string,
      description: string,
      error: string,
      check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>,
    );
  }
  export class Prompt {
    constructor(options: { name: string; requestable: boolean }, ...checks: Check[]);
    name: string;
    checks: Check[];
  }
  export const interactionPolicy: {
    Check: typeof Check;
    Prompt: typeof Prompt;
    base(): Prompt[] & { get(name: string): Prompt; add(prompt: Prompt, index?: number): void };
  };

  export class OIDCProviderError extends Error {
    error: string;
    error_description?: string;
    status: number;
    constructor(description?: string);
  }

  export const errors: {
    OIDCProviderError: typeof OIDCProviderError;
    InvalidGrant: new (description?: string) => OIDCProviderError;
    InvalidClient: new (description?: string) => OIDCProviderError;
    InvalidRequest: new (description?: string) => OIDCProviderError;
    AccessDenied: new (description?: string) => OIDCProviderError;
    InvalidTarget: new (description?: string) => OIDCProviderError;
  };

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown> & { findAccount?: FindAccount });
    readonly issuer: string;
    proxy: boolean;
    Grant: {
      new (init: { accountId: string; clientId: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
    Interaction: {
      find(uid: string): Promise<Interaction | undefined>;
    };
    Client: {
      prototype: ClientInstance;
      find(id: string): Promise<ClientInstance | undefined>;
    };
    Session: {
      find(id: string): Promise<{ uid: string; accountId?: string; destroy(): Promise<void> } | undefined>;
      findByUid(
        uid: string,
      ): Promise<{ jti: string; accountId?: string; destroy(): Promise<void> } | undefined>;
    };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: never[]) => void): this;
    /** A Koa middleware around every request the provider answers (it answers once the chain resolves). */
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }
}

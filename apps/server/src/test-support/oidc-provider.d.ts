// The few parts of node-oidc-provider (v9, untyped) that the stand-in Google of the tests uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Interaction {
    uid: string;
    params: Record<string, unknown>;
  }
  interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  type FindAccount = (
    ctx: unknown,
    sub: string,
  ) => Promise<{ accountId: string; claims: () => Promise<Record<string, unknown>> } | undefined>;

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown> & { findAccount?: FindAccount });
    Grant: new (init: {
      accountId: string;
      clientId: string;
    }) => GrantInstance;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}

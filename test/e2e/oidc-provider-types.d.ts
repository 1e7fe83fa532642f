// oidc-provider 9 ships no types (and @types/oidc-provider is not installed): the little the test
// provider (./oidc-provider.ts) uses of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface InteractionContext {
    oidc: {
      result?: { consent?: { grantId?: string } };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      client?: { clientId: string };
      provider: {
        Grant: {
          new (init: { clientId: string; accountId: string }): GrantInstance;
          find(id: string): Promise<GrantInstance | undefined>;
        };
      };
    };
  }
  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        interactions?: { url(ctx: unknown, interaction: { uid: string }): string };
        findAccount?(
          ctx: unknown,
          sub: string,
        ): Promise<{ accountId: string; claims(): Promise<Record<string, unknown>> } | undefined>;
        loadExistingGrant?(ctx: InteractionContext): Promise<GrantInstance | undefined>;
      },
    );
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string }>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}

// The calls for the signed-in user's connected apps: the OpenID Provider clients they allowed
// to sign them in, and withdrawing that permission, on the client's callAsUser. Only the
// Connected apps item makes them, so they live beside it and load with its chunk: the client's
// entry (and so every other screen, and @authd/client) carries none of them.
import type { AuthClient, ConnectedApp } from '../../client/index';

type Answer = Record<string, any>;

export interface ConnectedAppCalls {
  /** The apps the user approved on the consent screen, by name. */
  listConnectedApps(): Promise<ConnectedApp[]>;
  /** Withdraws the permission: the app asks again next time, and its tokens end. */
  revokeConnectedApp(clientId: string): Promise<void>;
}

export function connectedAppCalls(client: Pick<AuthClient, 'callAsUser'>): ConnectedAppCalls {
  return {
    async listConnectedApps() {
      const answer = await client.callAsUser({ method: 'GET', path: '/users/me/connected-apps' });
      return ((answer.items ?? []) as Answer[]).map((item) => ({
        clientId: String(item.client_id),
        name: String(item.client_name),
        scopes: (item.scopes ?? []) as string[],
        consentedAtMillis: Number(item.consented_at_millis),
      }));
    },
    async revokeConnectedApp(clientId) {
      await client.callAsUser({ method: 'DELETE', path: `/users/me/connected-apps/${encodeURIComponent(clientId)}` });
    },
  };
}

// The OAuth providers authd implements, written once: the server's schemas and provider
// registry, the browser client's types and the sign-in buttons all read this list.

/** Providers authd implements; the longer list Stack knows is not served. */
export const oauthProviderIds = ['google', 'github', 'facebook', 'microsoft', 'spotify', 'discord', 'gitlab'] as const;
export type OAuthProviderId = (typeof oauthProviderIds)[number];

/** Providers that may use the instance's shared credentials. */
export const sharedOAuthProviderIds: readonly OAuthProviderId[] = ['google', 'github', 'microsoft', 'spotify'];

// authd's framework-agnostic client library (`@authd/client`): the public surface — option and
// result types, the AuthClient interface and createAuthClient — for browsers and Bun alike.
import type { OAuthProviderId } from '../../server/protocol/oauth-provider-ids';
import { createAuthClientImplementation } from './auth-client';
import type { StoredTokens, TokenStoreChoice } from './token-stores';

export {
  AuthClientError,
  KnownAuthError,
  NetworkError,
  RateLimitedError,
  OAuthCallbackError,
  UnexpectedResponseError,
  isKnownError,
} from './errors';
export { KnownErrors, type KnownErrorClass } from './known-error-classes';
export type { ConcreteKnownErrorCode, KnownErrorCode } from '../../server/protocol/known-errors';
export {
  authHeaderValue,
  cookieTokenStore,
  memoryTokenStore,
  tokensFromAuthHeader,
  type CookieDocument,
  type CookieTokenStoreOptions,
  type HeadersLike,
  type StoredTokens,
  type TokenStore,
  type TokenStoreChoice,
} from './token-stores';
export { codeChallengeFor } from './oauth-pkce';

/** Providers authd can sign in with. */
export type { OAuthProviderId };

export interface AuthClientOptions {
  /** Where authd is reached, e.g. `https://auth.example.com` (no `/api/v1`; a trailing `/` is ignored). */
  baseUrl: string;
  projectId: string;
  publishableClientKey: string;
  /**
   * Where the session's tokens live: `'cookie'` (browser cookies, the default in browsers),
   * `'memory'` (the default elsewhere), a custom `TokenStore`, initial tokens (kept in memory),
   * a request-like `{ headers }` carrying an `x-stack-auth` header (kept in memory), or `null`
   * (no session is ever kept).
   */
  tokenStore?: TokenStoreChoice;
  /**
   * Origin of the app the hosted handler pages live on, used to build callback URLs (emails,
   * OAuth). Default: `location.origin` in browsers; required outside browsers for those calls
   * unless each call passes its own URL.
   */
  appUrl?: string;
  /** Base path of the handler pages on `appUrl`; must start with `/`. Default `/handler`. */
  handlerPath?: string;
  /**
   * Network retries: `attempts` in all (default 5), delay `(0.5…1.5) × baseDelayMillis × 2^attempt`
   * (default base 1000), and no call longer than `deadlineMillis` (default 8000) retries
   * included: a server that never answers gives a NetworkError then, not a form busy for good.
   */
  retry?: { attempts?: number; baseDelayMillis?: number; deadlineMillis?: number };
  /** The fetch to use; default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Clock for access-token expiry, in epoch milliseconds; default `Date.now`. */
  now?: () => number;
  /** How OAuth sign-in leaves the page; default `location.assign`. */
  navigate?: (url: string) => void;
  /** The cookie jar for OAuth verifier cookies (and the `'cookie'` token store); default `document`. */
  cookieDocument?: { cookie: string };
}

/** A team as a signed-in user sees it (client view). */
export interface Team {
  id: string;
  displayName: string;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
}

/** A member of a team as the team's members see them: the per-team name and image, else the user's. */
export interface TeamMemberProfile {
  teamId: string;
  userId: string;
  displayName: string | null;
  profileImageUrl: string | null;
  /** authd only: the member's primary email, for a member without a name. */
  primaryEmail: string | null;
}

/** The signed-in user (client view), in camelCase. */
export interface CurrentUser {
  id: string;
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
  displayName: string | null;
  profileImageUrl: string | null;
  signedUpAt: Date;
  hasPassword: boolean;
  otpAuthEnabled: boolean;
  passkeyAuthEnabled: boolean;
  /** True when the user has a TOTP secret, so sign-ins ask for a second factor. */
  requiresTotpMfa: boolean;
  oauthProviders: { id: string; accountId: string; email: string | null }[];
  selectedTeamId: string | null;
  selectedTeam: Team | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  /** The language the user chose for screens and emails (an authd field), or null. */
  locale: string | null;
}

/** Fields a user may change on themselves (`PATCH /users/me`); omitted fields stay as they are. */
export interface CurrentUserUpdate {
  displayName?: string | null;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  selectedTeamId?: string | null;
  /** Standard base64 of a TOTP secret (20 random bytes) turns the second factor on; null turns it off. */
  totpSecretBase64?: string | null;
  /** One of the supported locales (`supportedLocales`), or null to follow the browser and the project. */
  locale?: string | null;
}

/** The project as clients see it: what the sign-in screens may offer. */
export interface ClientProject {
  id: string;
  displayName: string;
  config: {
    signUpEnabled: boolean;
    credentialEnabled: boolean;
    magicLinkEnabled: boolean;
    passkeyEnabled: boolean;
    clientTeamCreationEnabled: boolean;
    clientUserDeletionEnabled: boolean;
    enabledOAuthProviders: { id: string }[];
  };
}

/**
 * How a sign-in ended: with a session (tokens already stored), or waiting for a second factor
 * (pass `attemptCode` and the user's six-digit code to `completeMfaSignIn`).
 */
export type SignInOutcome =
  | {
      status: 'signed-in';
      userId: string;
      isNewUser: boolean;
      /** Set when a recovery code stood in for the TOTP code: how many the user has left. */
      recoveryCodesRemaining?: number;
    }
  | { status: 'mfa-required'; attemptCode: string };

/** An OAuth callback that signed in; `afterCallbackRedirectUrl` is the page the flow asked to return to, if any. */
export type OAuthCallbackOutcome =
  | { status: 'signed-in'; isNewUser: boolean; afterCallbackRedirectUrl: string | null }
  | { status: 'mfa-required'; attemptCode: string };

export interface OAuthSignInOptions {
  /** The app page that receives `code` and `state`; default `{appUrl}{handlerPath}/oauth-callback`. */
  redirectUrl?: string;
  /** Where authd sends provider errors; default `{appUrl}{handlerPath}/error`. */
  errorRedirectUrl?: string;
  /** Returned by the callback as `afterCallbackRedirectUrl`. */
  afterCallbackRedirectUrl?: string;
}

export interface OAuthLinkOptions extends OAuthSignInOptions {
  /** Extra provider scopes to ask for (e.g. `['https://www.googleapis.com/auth/drive.readonly']`). */
  scopes?: string[];
}

/** One of the signed-in user's accounts at an OAuth provider (wire: an `oauth_providers` entry). */
export interface ConnectedAccount {
  /** The provider's id (`github`, `google`, …). */
  provider: string;
  /** The user's account id at the provider. */
  accountId: string;
  /** The email the provider reported for that account, if any. */
  email: string | null;
}

/** The URLs the handler pages live at, derived from `appUrl` and `handlerPath`. */
export interface HandlerUrls {
  signIn: string;
  signUp: string;
  signOut: string;
  forgotPassword: string;
  passwordReset: string;
  emailVerification: string;
  magicLinkCallback: string;
  oauthCallback: string;
  error: string;
  teamInvitation: string;
}

/** A client for one project. Every method may throw the errors of `./errors` (known errors typed by code). */
export interface AuthClient {
  readonly projectId: string;
  readonly baseUrl: string;
  /** Handler page URLs (throws when there is neither `appUrl` nor a browser location). */
  handlerUrls(): HandlerUrls;

  // --- Session -------------------------------------------------------------------------------
  /** The stored tokens (refreshing nothing). */
  getTokens(): Promise<StoredTokens>;
  /** A fresh access token (refreshed when known to be expired), or null without a session. */
  getAccessToken(): Promise<string | null>;
  /** `{ 'x-stack-auth': '{"accessToken":…,"refreshToken":…}' }` for calls from the app's frontend to its own backend. */
  getAuthHeaders(): Promise<{ 'x-stack-auth': string }>;
  /** Calls `listener` whenever the stored tokens change, here or (cookie store) in another tab. Returns the unsubscribe function. */
  onSessionChange(listener: (tokens: StoredTokens) => void): () => void;
  /** Stops background work (the cookie store's polling); the client stays usable. */
  dispose(): void;

  // --- Password --------------------------------------------------------------------------------
  signUpWithPassword(input: { email: string; password: string; verificationCallbackUrl?: string }): Promise<SignInOutcome>;
  signInWithPassword(input: { email: string; password: string }): Promise<SignInOutcome>;
  /** Sends the reset email; resolves the same whether or not the address has an account. */
  sendPasswordResetEmail(email: string, options?: { callbackUrl?: string }): Promise<void>;
  /** Resolves when the code from a reset link is valid; throws the verification error otherwise. */
  checkPasswordResetCode(code: string): Promise<void>;
  resetPassword(input: { code: string; password: string }): Promise<void>;
  /** Changes the signed-in user's password; other sessions end, this one stays. */
  updatePassword(input: { oldPassword: string; newPassword: string }): Promise<void>;

  // --- Magic link / one-time code ------------------------------------------------------------
  /** Emails a sign-in link and code; `nonce` completes a typed code (see `signInWithOtp`). */
  sendMagicLinkEmail(email: string, options?: { callbackUrl?: string }): Promise<{ nonce: string }>;
  /** Signs in with the `code` query parameter of a magic link. */
  signInWithMagicLinkCode(code: string): Promise<SignInOutcome>;
  /** Signs in with the six characters from the email plus the `nonce` the send call returned. */
  signInWithOtp(otp: string, nonce: string): Promise<SignInOutcome>;
  /** Resolves when a magic-link code is valid, without using it. */
  checkMagicLinkCode(code: string): Promise<void>;

  // --- OAuth -----------------------------------------------------------------------------------
  /** Builds the authorize URL and stores the PKCE verifier cookie (600 s), without navigating. */
  createOAuthSignInUrl(provider: OAuthProviderId | string, options?: OAuthSignInOptions): Promise<string>;
  /** `createOAuthSignInUrl`, then navigates there. */
  signInWithOAuth(provider: OAuthProviderId | string, options?: OAuthSignInOptions): Promise<void>;
  /**
   * Completes the flow on the callback page: checks `code`/`state` against the verifier cookie,
   * deletes it, exchanges the code and stores the session. Throws `OAuthCallbackError` when the
   * URL or cookie is missing or does not match. `url` defaults to `location.href`, `redirectUrl`
   * to that URL without `code`/`state` and fragment (it must equal the authorize-time value).
   */
  handleOAuthCallback(options?: { url?: string; redirectUrl?: string }): Promise<OAuthCallbackOutcome>;

  // --- Connected accounts (account linking) ----------------------------------------------------
  /** The signed-in user's accounts at OAuth providers; empty without a session. */
  listConnectedAccounts(): Promise<ConnectedAccount[]>;
  /**
   * The authorize URL that connects `provider` to the signed-in user (`type=link`, with the
   * user's access token and any extra `scopes`), storing the PKCE verifier cookie; the same
   * callback page finishes it. `afterCallbackRedirectUrl` defaults to the current page.
   */
  createOAuthLinkUrl(provider: OAuthProviderId | string, options?: OAuthLinkOptions): Promise<string>;
  /** `createOAuthLinkUrl`, then navigates there. */
  linkOAuthAccount(provider: OAuthProviderId | string, options?: OAuthLinkOptions): Promise<void>;
  /**
   * An access token for calling `provider`'s API as the signed-in user, covering `scopes`; null
   * when no account of that provider is connected or none was granted those scopes (connect it
   * with `linkOAuthAccount(provider, { scopes })`). Throws for providers on authd's shared keys.
   */
  getConnectedAccountAccessToken(provider: OAuthProviderId | string, options?: { scopes?: string[] }): Promise<string | null>;

  // --- MFA -------------------------------------------------------------------------------------
  /** Finishes a sign-in that answered `mfa-required`, with the user's six-digit TOTP code or one of their recovery codes. */
  completeMfaSignIn(input: { attemptCode: string; totp: string }): Promise<SignInOutcome>;
  /** How many of the signed-in user's MFA recovery codes are unused. */
  countRecoveryCodes(): Promise<number>;
  /** Ten new MFA recovery codes for the signed-in user (TOTP must be on); earlier ones stop working. */
  makeRecoveryCodes(): Promise<string[]>;

  // --- Current user ----------------------------------------------------------------------------
  /** The signed-in user, or null when there is no (valid) session. */
  getCurrentUser(): Promise<CurrentUser | null>;
  updateCurrentUser(update: CurrentUserUpdate): Promise<CurrentUser>;
  /** Ends the session on the server (errors about an already-ended session are ignored) and clears the tokens. */
  signOut(): Promise<void>;

  // --- Email verification ----------------------------------------------------------------------
  /** Sends a verification email to the signed-in user's primary email. */
  sendVerificationEmail(options?: { callbackUrl?: string }): Promise<void>;
  /** Verifies with the `code` of a verification link. */
  verifyEmail(code: string): Promise<void>;
  checkEmailVerificationCode(code: string): Promise<void>;

  // --- Project ---------------------------------------------------------------------------------
  getProject(): Promise<ClientProject>;

  // --- Teams -----------------------------------------------------------------------------------
  /** The signed-in user's teams, oldest first. */
  listTeams(): Promise<Team[]>;
  /** Resolves when a team-invitation code is valid, without using it; needs no user. */
  checkTeamInvitationCode(code: string): Promise<void>;
  /** The team an invitation code leads to (needs a signed-in user); throws the verification error otherwise. */
  /**
   * The invitation's team and the address it was sent to; `recipientEmailIsUsers` says whether
   * the signed-in user has that address (verified or not).
   */
  getTeamInvitationDetails(
    code: string,
  ): Promise<{ teamId: string; teamDisplayName: string; recipientEmail: string; recipientEmailIsUsers: boolean }>;
  /** Joins the invitation's team as the signed-in user (nothing changes when already a member). */
  acceptTeamInvitation(code: string): Promise<void>;

  // --- Team management (the signed-in user's teams) ------------------------------------------
  /** Creates a team with the signed-in user as its creator (the project must allow client team creation). */
  createTeam(input: { displayName: string; profileImageUrl?: string | null }): Promise<Team>;
  /** Renames a team or changes its image; needs `$update_team` in it. */
  updateTeam(teamId: string, update: { displayName?: string; profileImageUrl?: string | null }): Promise<Team>;
  /** The signed-in user leaves the team. */
  leaveTeam(teamId: string): Promise<void>;
  /** Emails an invitation whose link is `callbackUrl?code=…`; needs `$invite_members`. */
  sendTeamInvitation(input: { teamId: string; email: string; callbackUrl: string }): Promise<void>;
  /** The team's members with their per-team names; needs `$read_members`. */
  listTeamMemberProfiles(teamId: string): Promise<TeamMemberProfile[]>;
  /** The signed-in user's own profile in the team. */
  getMyTeamMemberProfile(teamId: string): Promise<TeamMemberProfile>;
  /** Sets the signed-in user's per-team name or image (null falls back to the account's). */
  updateMyTeamMemberProfile(
    teamId: string,
    update: { displayName?: string | null; profileImageUrl?: string | null },
  ): Promise<TeamMemberProfile>;
  /** The ids of the signed-in user's permissions in the team, contained ones included. */
  listMyTeamPermissions(teamId: string): Promise<string[]>;

  // --- Passkeys --------------------------------------------------------------------------------
  /** Whether this browser offers the WebAuthn JSON helpers the passkey calls use. */
  passkeysSupported(): boolean;
  /** Creates a passkey for the signed-in user on this site (the browser asks the user) and registers it. */
  registerPasskey(options?: { name?: string }): Promise<void>;
  /**
   * Signs in with a passkey the browser offers for this site. With `autofill`, the request waits
   * (conditional mediation) until the user picks a passkey from the suggestions of a field marked
   * `autocomplete="username webauthn"`; abort it with `signal`. Its challenge lives 65 s, so a
   * waiting request should be restarted within that.
   */
  signInWithPasskey(options?: { autofill?: boolean; signal?: AbortSignal }): Promise<SignInOutcome>;
  /** Whether this browser can offer passkeys in a field's autofill (conditional mediation). */
  passkeyAutofillSupported(): Promise<boolean>;
  /** The signed-in user's passkeys, oldest first. */
  listPasskeys(): Promise<Passkey[]>;
  renamePasskey(passkeyId: string, name: string): Promise<Passkey>;
  /** Removes one of the signed-in user's passkeys; it can no longer sign in. */
  removePasskey(passkeyId: string): Promise<void>;
  /** The signed-in user's sessions (one per sign-in), newest first; this device's is marked. */
  listSessions(): Promise<UserSession[]>;
  /** Ends one of the signed-in user's sessions (signs that device out). */
  revokeSession(sessionId: string): Promise<void>;
  /**
   * A REST API v1 call on behalf of the signed-in user (their access token, renewed when refused
   * as invalid); the answer's JSON. Calls only one screen makes build on it in their own module
   * (ui/react/account-settings/connected-app-calls.ts), so no other screen downloads them.
   */
  callAsUser(call: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: string; body?: unknown }): Promise<Record<string, any>>;
  /**
   * Proves a factor again, so this session may make the changes that answer
   * RECENT_AUTHENTICATION_REQUIRED (MFA off, passkey removal, primary email, new recovery codes)
   * for the next 10 minutes: the password, a code from the authenticator app, or a passkey (the
   * browser asks for one).
   */
  reauthenticate(proof: { password: string } | { totp: string } | { passkey: true }): Promise<void>;
}

/** An app the signed-in user allowed to sign them in through the project's OpenID Provider. */
export interface ConnectedApp {
  clientId: string;
  name: string;
  scopes: string[];
  consentedAtMillis: number;
}

/** One sign-in of the user, on some device. */
export interface UserSession {
  id: string;
  createdAtMillis: number;
  lastUsedAtMillis: number | null;
  lastUsedIp: string | null;
  lastUsedUserAgent: string | null;
  /** The session of this client (its refresh token). */
  isCurrent: boolean;
}

/** One of the signed-in user's passkeys (the key itself stays on the user's device). */
export interface Passkey {
  id: string;
  name: string;
  createdAtMillis: number;
  lastUsedAtMillis: number | null;
}

/** Creates a client for one project. */
export function createAuthClient(options: AuthClientOptions): AuthClient {
  return createAuthClientImplementation(options);
}

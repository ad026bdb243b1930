// The AuthClient implementation: each auth, contact-channel and user call as
// the client needs it, run through the session rules (session.ts) and the transport (transport.ts).
import { isKnownError, OAuthCallbackError } from './errors';
import type {
  AuthClient,
  AuthClientOptions,
  CurrentUser,
  HandlerUrls,
  OAuthCallbackOutcome,
  OAuthLinkOptions,
  OAuthSignInOptions,
  SignInOutcome,
} from './index';
import { browserCookieDocument, type CookieDocument } from './cookies';
import { beginPkceFlow, takeVerifier } from './oauth-pkce';
import { SessionKeeper } from './session';
import type { PasskeyCalls } from './passkey-calls';
import { teamCalls } from './team-calls';
import type { TeamManagementCalls } from './team-management-calls';
import { authHeaderValue, resolveTokenStore, type StoredTokens } from './token-stores';
import { callAuthApi, callTokenEndpoint, type ApiCall, type TransportConfig } from './transport';
import { projectFromWire, sessionFromWire, userFromWire, userUpdateToWire } from './wire-shapes';
import { webAuthnJsonApi } from './webauthn-json-api';

type Answer = Record<string, any>;

export function createAuthClientImplementation(options: AuthClientOptions): AuthClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const handlerPath = options.handlerPath ?? '/handler';
  if (!handlerPath.startsWith('/')) throw new Error('handlerPath must start with /');
  const fetchFunction = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const transport: TransportConfig = {
    baseUrl,
    projectId: options.projectId,
    publishableClientKey: options.publishableClientKey,
    fetch: fetchFunction as typeof fetch,
    attempts: Math.max(1, options.retry?.attempts ?? 5),
    baseDelayMillis: options.retry?.baseDelayMillis ?? 1000,
    deadlineMillis: options.retry?.deadlineMillis ?? 8000,
  };
  const session = new SessionKeeper(
    resolveTokenStore(options.tokenStore, { projectId: options.projectId, cookieDocument: options.cookieDocument }),
    transport,
    options.now ?? Date.now,
  );

  const cookieJar = (): CookieDocument => {
    const jar = options.cookieDocument ?? browserCookieDocument();
    if (!jar) throw new Error('OAuth sign-in needs a browser document (or the cookieDocument option) for its verifier cookie.');
    return jar;
  };

  const handlerUrls = (): HandlerUrls => {
    const appUrl = options.appUrl ?? (typeof location === 'undefined' ? undefined : location.origin);
    if (!appUrl) throw new Error('Callback URLs need the appUrl option outside browsers (or pass callbackUrl to the call).');
    const base = appUrl.replace(/\/+$/, '') + handlerPath.replace(/\/+$/, '');
    return {
      signIn: `${base}/sign-in`,
      signUp: `${base}/sign-up`,
      signOut: `${base}/sign-out`,
      forgotPassword: `${base}/forgot-password`,
      passwordReset: `${base}/password-reset`,
      emailVerification: `${base}/email-verification`,
      magicLinkCallback: `${base}/magic-link-callback`,
      oauthCallback: `${base}/oauth-callback`,
      error: `${base}/error`,
      teamInvitation: `${base}/team-invitation`,
    };
  };

  /**
   * The authorize URL of a sign-in (`authenticate`) or of connecting an account to the signed-in
   * user (`link`, which carries the user's access token and any extra provider scopes); the
   * PKCE verifier waits in its cookie for the callback page.
   */
  async function authorizeUrl(
    provider: string,
    type: 'authenticate' | 'link',
    flow: OAuthLinkOptions & { accessToken?: string },
  ): Promise<string> {
    const urls = flow.redirectUrl && flow.errorRedirectUrl ? undefined : handlerUrls();
    const { state, codeChallenge } = await beginPkceFlow(cookieJar());
    const query = new URLSearchParams({
      client_id: options.projectId,
      client_secret: options.publishableClientKey,
      redirect_uri: oauthRedirectUri(flow.redirectUrl ?? urls!.oauthCallback),
      scope: 'legacy',
      state,
      grant_type: 'authorization_code',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      response_type: 'code',
      type,
      error_redirect_url: flow.errorRedirectUrl ?? urls!.error,
    });
    if (flow.afterCallbackRedirectUrl) query.set('after_callback_redirect_url', flow.afterCallbackRedirectUrl);
    if (flow.accessToken) query.set('token', flow.accessToken);
    if (flow.scopes && flow.scopes.length > 0) query.set('provider_scope', flow.scopes.join(' '));
    return `${baseUrl}/api/v1/auth/oauth/authorize/${encodeURIComponent(provider)}?${query}`;
  }

  /** A call on behalf of the signed-in user: an access token refused as invalid is dropped and the call retried once. */
  async function callAsUser(call: Omit<ApiCall, 'accessToken' | 'refreshToken'>, withRefreshToken = false): Promise<Answer> {
    const send = async (tokens: StoredTokens) =>
      (await callAuthApi(transport, {
        ...call,
        accessToken: tokens.accessToken,
        refreshToken: withRefreshToken ? tokens.refreshToken : null,
      })) as Answer;
    const tokens = await session.usableTokens();
    try {
      return await send(tokens);
    } catch (error) {
      if (!tokens.accessToken || !isKnownError(error, 'INVALID_ACCESS_TOKEN')) throw error;
      await session.dropAccessToken(tokens.accessToken);
      return send(await session.usableTokens());
    }
  }

  /** A call that needs no user (codes, sign-in): no user headers, so a stale session cannot break it. */
  async function callAnonymously(call: Omit<ApiCall, 'accessToken' | 'refreshToken'>): Promise<Answer> {
    return (await callAuthApi(transport, call)) as Answer;
  }

  /** Stores the tokens of a sign-in answer, or reports the MFA step it asks for. */
  async function finishSignIn(signIn: () => Promise<Answer>): Promise<SignInOutcome> {
    let answer: Answer;
    try {
      answer = await signIn();
    } catch (error) {
      const attemptCode = mfaAttemptCode(error);
      if (attemptCode) return { status: 'mfa-required', attemptCode };
      throw error;
    }
    const { accessToken, refreshToken, outcome } = sessionFromWire(answer);
    await session.write({ accessToken, refreshToken });
    return outcome;
  }

  // The passkey and team-management calls load on first use: most screens make none of them,
  // and every screen would otherwise download them with the shared entry.
  let passkeyCallsLoading: Promise<PasskeyCalls> | undefined;
  const passkeyCalls = () =>
    (passkeyCallsLoading ??= import('./passkey-calls').then((module) =>
      module.passkeyCalls({ asUser: (call) => callAsUser(call), anonymously: callAnonymously, finishSignIn }),
    ));
  const passkeys: Omit<PasskeyCalls, 'passkeyAssertion'> = {
    passkeysSupported: () => webAuthnJsonApi() !== null,
    passkeyAutofillSupported: async () => (await passkeyCalls()).passkeyAutofillSupported(),
    registerPasskey: async (options) => (await passkeyCalls()).registerPasskey(options),
    signInWithPasskey: async (options) => (await passkeyCalls()).signInWithPasskey(options),
    listPasskeys: async () => (await passkeyCalls()).listPasskeys(),
    renamePasskey: async (passkeyId, name) => (await passkeyCalls()).renamePasskey(passkeyId, name),
    removePasskey: async (passkeyId) => (await passkeyCalls()).removePasskey(passkeyId),
  };
  let teamManagementCallsLoading: Promise<TeamManagementCalls> | undefined;
  const teamManagementCalls = () =>
    (teamManagementCallsLoading ??= import('./team-management-calls').then((module) =>
      module.teamManagementCalls((call) => callAsUser(call)),
    ));
  const teamManagement: TeamManagementCalls = {
    createTeam: async (input) => (await teamManagementCalls()).createTeam(input),
    updateTeam: async (teamId, update) => (await teamManagementCalls()).updateTeam(teamId, update),
    leaveTeam: async (teamId) => (await teamManagementCalls()).leaveTeam(teamId),
    sendTeamInvitation: async (input) => (await teamManagementCalls()).sendTeamInvitation(input),
    listTeamMemberProfiles: async (teamId) => (await teamManagementCalls()).listTeamMemberProfiles(teamId),
    getMyTeamMemberProfile: async (teamId) => (await teamManagementCalls()).getMyTeamMemberProfile(teamId),
    updateMyTeamMemberProfile: async (teamId, update) => (await teamManagementCalls()).updateMyTeamMemberProfile(teamId, update),
    listMyTeamPermissions: async (teamId) => (await teamManagementCalls()).listMyTeamPermissions(teamId),
  };

  const client: AuthClient = {
    projectId: options.projectId,
    baseUrl,
    handlerUrls,

    getTokens: () => session.read(),
    async getAccessToken() {
      return (await session.usableTokens()).accessToken;
    },
    async getAuthHeaders() {
      return { 'x-stack-auth': authHeaderValue(await session.usableTokens()) };
    },
    onSessionChange: (listener) => session.onChange(listener),
    dispose: () => session.stopWatchingStore(),

    async signUpWithPassword(input) {
      const outcome = await finishSignIn(() =>
        callAnonymously({
          method: 'POST',
          path: '/auth/password/sign-up',
          body: {
            email: input.email,
            password: input.password,
            verification_callback_url: input.verificationCallbackUrl ?? handlerUrls().emailVerification,
          },
        }),
      );
      // The password sign-up answer has no is_new_user: a successful sign-up always made the user.
      return outcome.status === 'signed-in' ? { ...outcome, isNewUser: true } : outcome;
    },
    signInWithPassword(input) {
      return finishSignIn(() =>
        callAnonymously({
          method: 'POST',
          path: '/auth/password/sign-in',
          body: { email: input.email, password: input.password },
        }),
      );
    },
    async sendPasswordResetEmail(email, sendOptions) {
      await callAnonymously({
        method: 'POST',
        path: '/auth/password/send-reset-code',
        body: { email, callback_url: sendOptions?.callbackUrl ?? handlerUrls().passwordReset },
      });
    },
    async checkPasswordResetCode(code) {
      await callAnonymously({ method: 'POST', path: '/auth/password/reset/check-code', body: { code } });
    },
    async resetPassword(input) {
      await callAnonymously({
        method: 'POST',
        path: '/auth/password/reset',
        body: { code: input.code, password: input.password },
      });
    },
    async updatePassword(input) {
      // The refresh token is sent so that the server keeps this session while ending the others.
      await callAsUser(
        {
          method: 'POST',
          path: '/auth/password/update',
          body: { old_password: input.oldPassword, new_password: input.newPassword },
        },
        true,
      );
    },

    async sendMagicLinkEmail(email, sendOptions) {
      const answer = await callAnonymously({
        method: 'POST',
        path: '/auth/otp/send-sign-in-code',
        body: { email, callback_url: sendOptions?.callbackUrl ?? handlerUrls().magicLinkCallback },
      });
      return { nonce: String(answer.nonce) };
    },
    signInWithMagicLinkCode(code) {
      return finishSignIn(() => callAnonymously({ method: 'POST', path: '/auth/otp/sign-in', body: { code } }));
    },
    signInWithOtp(otp, nonce) {
      return client.signInWithMagicLinkCode(otp.trim().toLowerCase() + nonce);
    },
    async checkMagicLinkCode(code) {
      await callAnonymously({ method: 'POST', path: '/auth/otp/sign-in/check-code', body: { code } });
    },

    async createOAuthSignInUrl(provider, signInOptions?: OAuthSignInOptions) {
      return await authorizeUrl(provider, 'authenticate', signInOptions ?? {});
    },
    async signInWithOAuth(provider, signInOptions) {
      const url = await client.createOAuthSignInUrl(provider, signInOptions);
      (options.navigate ?? ((target: string) => location.assign(target)))(url);
    },
    async listConnectedAccounts() {
      const user = await client.getCurrentUser();
      return (user?.oauthProviders ?? []).map((account) => ({
        provider: account.id,
        accountId: account.accountId,
        email: account.email,
      }));
    },
    async createOAuthLinkUrl(provider, linkOptions?: OAuthLinkOptions) {
      const accessToken = await client.getAccessToken();
      if (!accessToken) throw new Error('Connecting an account needs a signed-in user.');
      return await authorizeUrl(provider, 'link', {
        ...linkOptions,
        // Back to where the user asked for the connection, unless told otherwise.
        afterCallbackRedirectUrl:
          linkOptions?.afterCallbackRedirectUrl ?? (typeof location === 'undefined' ? undefined : location.href),
        accessToken,
      });
    },
    async linkOAuthAccount(provider, linkOptions) {
      const url = await client.createOAuthLinkUrl(provider, linkOptions);
      (options.navigate ?? ((target: string) => location.assign(target)))(url);
    },
    async getConnectedAccountAccessToken(provider, tokenOptions) {
      try {
        const answer = await callAsUser({
          method: 'POST',
          path: `/connected-accounts/me/${encodeURIComponent(provider)}/access-token`,
          body: { scope: (tokenOptions?.scopes ?? []).join(' ') },
        });
        return String(answer.access_token);
      } catch (error) {
        // As the Stack SDK reads them: no such connection, or not with these scopes.
        if (isKnownError(error, 'OAUTH_CONNECTION_NOT_CONNECTED_TO_USER')) return null;
        if (isKnownError(error, 'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE')) return null;
        throw error;
      }
    },
    async handleOAuthCallback(callbackOptions): Promise<OAuthCallbackOutcome> {
      const href = callbackOptions?.url ?? (typeof location === 'undefined' ? undefined : location.href);
      if (!href) throw new OAuthCallbackError('missing-parameters');
      const callbackUrl = new URL(href);
      const code = callbackUrl.searchParams.get('code');
      const state = callbackUrl.searchParams.get('state');
      if (!code || !state) throw new OAuthCallbackError('missing-parameters');
      const verifier = takeVerifier(cookieJar(), state);
      if (verifier === null) throw new OAuthCallbackError('unknown-state');
      if (!callbackOptions?.url && typeof history !== 'undefined') {
        // The code is single-use; keeping it in the address bar would only invite a failing reload.
        const cleaned = new URL(href);
        cleaned.searchParams.delete('code');
        cleaned.searchParams.delete('state');
        history.replaceState(history.state, '', cleaned.toString());
      }
      let answer: Answer;
      try {
        answer = (await callTokenEndpoint(transport, {
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          redirect_uri: oauthRedirectUri(callbackOptions?.redirectUrl ?? href),
        })) as Answer;
      } catch (error) {
        const attemptCode = mfaAttemptCode(error);
        if (attemptCode) return { status: 'mfa-required', attemptCode };
        throw error;
      }
      if (typeof answer.access_token !== 'string' || typeof answer.refresh_token !== 'string') {
        throw new Error('The OAuth token endpoint answered without access_token and refresh_token.');
      }
      await session.write({ accessToken: answer.access_token, refreshToken: answer.refresh_token });
      return {
        status: 'signed-in',
        isNewUser: Boolean(answer.is_new_user),
        afterCallbackRedirectUrl:
          typeof answer.after_callback_redirect_url === 'string' ? answer.after_callback_redirect_url : null,
      };
    },

    completeMfaSignIn(input) {
      return finishSignIn(() =>
        callAnonymously({
          method: 'POST',
          path: '/auth/mfa/sign-in',
          body: { code: input.attemptCode, type: 'totp', totp: input.totp },
        }),
      );
    },
    async countRecoveryCodes() {
      const answer = await callAsUser({ method: 'GET', path: '/auth/mfa/recovery-codes?user_id=me' });
      return Number(answer.remaining_count);
    },
    async makeRecoveryCodes() {
      const answer = await callAsUser({ method: 'POST', path: '/auth/mfa/recovery-codes', body: { user_id: 'me' } });
      return (answer.codes as unknown[]).map(String);
    },

    async getCurrentUser(): Promise<CurrentUser | null> {
      if (!(await session.usableTokens()).accessToken) return null;
      try {
        return userFromWire(await callAsUser({ method: 'GET', path: '/users/me' }));
      } catch (error) {
        // The session ended during the call (refresh refused) or its user is gone.
        if (isKnownError(error, 'CANNOT_GET_OWN_USER_WITHOUT_USER')) return null;
        throw error;
      }
    },
    async updateCurrentUser(update) {
      return userFromWire(await callAsUser({ method: 'PATCH', path: '/users/me', body: userUpdateToWire(update) }));
    },
    async signOut() {
      const { refreshToken } = await session.read();
      try {
        // The refresh token alone names the session to end, so no access token (nor a refresh of one) is needed.
        if (refreshToken) await callAuthApi(transport, { method: 'DELETE', path: '/auth/sessions/current', refreshToken });
      } catch (error) {
        // An already-ended session is what sign-out wants; anything else is reported, after clearing.
        if (!isKnownError(error, 'REFRESH_TOKEN_ERROR')) {
          await session.clear();
          throw error;
        }
      }
      await session.clear();
    },

    async sendVerificationEmail(sendOptions) {
      const user = await client.getCurrentUser();
      if (!user?.primaryEmail) throw new Error('Sending a verification email needs a signed-in user with a primary email.');
      await callAsUser({
        method: 'POST',
        path: '/contact-channels/send-verification-code',
        body: { email: user.primaryEmail, callback_url: sendOptions?.callbackUrl ?? handlerUrls().emailVerification },
      });
    },
    async verifyEmail(code) {
      await callAnonymously({ method: 'POST', path: '/contact-channels/verify', body: { code } });
    },
    async checkEmailVerificationCode(code) {
      await callAnonymously({ method: 'POST', path: '/contact-channels/verify/check-code', body: { code } });
    },

    async getProject() {
      return projectFromWire(await callAnonymously({ method: 'GET', path: '/projects/current' }));
    },

    ...teamCalls({ asUser: (call) => callAsUser(call), anonymously: callAnonymously }),
    ...teamManagement,
    ...passkeys,
    async listSessions() {
      // The refresh token goes along so the server can tell which session is this device's.
      const answer = await callAsUser({ method: 'GET', path: '/auth/sessions?user_id=me' }, true);
      return ((answer.items ?? []) as Answer[]).map((item) => ({
        id: String(item.id),
        createdAtMillis: Number(item.created_at_millis),
        lastUsedAtMillis: item.last_used_at_millis === null ? null : Number(item.last_used_at_millis),
        lastUsedIp: item.last_used_ip ?? null,
        lastUsedUserAgent: item.last_used_user_agent ?? null,
        isCurrent: item.is_current_session === true,
      }));
    },
    async revokeSession(sessionId) {
      await callAsUser({ method: 'DELETE', path: `/auth/sessions/${encodeURIComponent(sessionId)}?user_id=me` });
    },
    async reauthenticate(proof) {
      const body = 'passkey' in proof ? { passkey: await (await passkeyCalls()).passkeyAssertion() } : proof;
      await callAsUser({ method: 'POST', path: '/auth/sessions/current/reauthenticate', body });
    },
  };
  return client;
}

function mfaAttemptCode(error: unknown): string | null {
  if (!isKnownError(error, 'MULTI_FACTOR_AUTHENTICATION_REQUIRED')) return null;
  const attemptCode = error.details?.attempt_code;
  return typeof attemptCode === 'string' ? attemptCode : null;
}

/** The redirect URI as the authorize and token calls must both send it: no fragment, no `code`/`state`. */
export function oauthRedirectUri(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  parsed.searchParams.delete('code');
  parsed.searchParams.delete('state');
  return parsed.toString();
}

// The AuthClient implementation: each auth, contact-channel and user call as
// the client needs it, run through the session rules (session.ts) and the transport (transport.ts);
// the sign-in, passkey and team-management calls live in their own modules, loaded on first use.
import { isKnownError, mfaAttemptCode, NetworkError } from './errors';
import type { AuthClient, AuthClientOptions, CurrentUser, HandlerUrls, SignInOutcome } from './index';
import { browserCookieDocument, type CookieDocument } from './cookies';
import { SessionKeeper } from './session';
import { teamCalls } from './team-calls';
import { authHeaderValue, resolveTokenStore, type StoredTokens } from './token-stores';
import { callAuthApi, type Answer, type ApiCall, type TransportConfig } from './transport';
import { projectFromWire, sessionFromWire, userFromWire, userUpdateToWire } from './wire-shapes';
import { webAuthnJsonApi } from './webauthn-json-api';

/**
 * Methods that load their module on first use: each named call awaits `load()` (which loads the
 * module once) and forwards its arguments to the loaded method of that name.
 */
function callsOnFirstUse<T, K extends keyof T>(load: () => Promise<T>, names: readonly K[]): Pick<T, K> {
  const calls: Partial<Pick<T, K>> = {};
  for (const name of names) {
    calls[name] = (async (...args: unknown[]) => ((await load())[name] as (...args: unknown[]) => unknown)(...args)) as T[K];
  }
  return calls as Pick<T, K>;
}

/**
 * Loads a module of calls once. Loading is a request like any call: a load that fails, or gets
 * no answer within the call deadline, is a NetworkError (a form says the server could not be
 * reached, or that the browser is offline, instead of waiting for good), and the next call
 * tries again.
 */
export function loadedOnce<T>(load: () => Promise<T>, deadlineMillis: number): () => Promise<T> {
  let loading: Promise<T> | undefined;
  const attempt = () =>
    new Promise<T>((resolve, reject) => {
      const fail = (cause: unknown) => {
        const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
        reject(
          new NetworkError(offline ? 'The browser is offline.' : 'Part of the client could not be loaded.', {
            offline,
            attempts: 1,
            cause,
          }),
        );
      };
      const timer = setTimeout(() => fail(new Error('no answer before the deadline')), deadlineMillis);
      load()
        .then(resolve, fail)
        .finally(() => clearTimeout(timer));
    });
  return () =>
    (loading ??= attempt().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

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
  const passkeyCalls = loadedOnce(
    () =>
      import('./passkey-calls').then((module) =>
        module.passkeyCalls({ asUser: (call) => callAsUser(call), anonymously: callAnonymously, finishSignIn }),
      ),
    transport.deadlineMillis,
  );
  const passkeys = {
    passkeysSupported: () => webAuthnJsonApi() !== null,
    ...callsOnFirstUse(passkeyCalls, [
      'passkeyAutofillSupported',
      'registerPasskey',
      'signInWithPasskey',
      'listPasskeys',
      'renamePasskey',
      'removePasskey',
    ]),
  };
  const teamManagementCalls = loadedOnce(
    () => import('./team-management-calls').then((module) => module.teamManagementCalls((call) => callAsUser(call))),
    transport.deadlineMillis,
  );
  const teamManagement = callsOnFirstUse(teamManagementCalls, [
    'createTeam',
    'updateTeam',
    'leaveTeam',
    'sendTeamInvitation',
    'listTeamMemberProfiles',
    'getMyTeamMemberProfile',
    'updateMyTeamMemberProfile',
    'listMyTeamPermissions',
  ]);

  // The sign-in calls (and the OAuth authorize URLs) load on first use too (sign-in-calls.ts):
  // account settings makes none of them on its first load.
  const signInCalls = loadedOnce(
    () =>
      import('./sign-in-calls').then((module) =>
        module.signInCalls({
          anonymously: callAnonymously,
          finishSignIn,
          handlerUrls,
          cookieJar,
          transport,
          options,
          getAccessToken: () => client.getAccessToken(),
          storeTokens: (tokens) => session.write(tokens),
        }),
      ),
    transport.deadlineMillis,
  );
  const signIn = callsOnFirstUse(signInCalls, [
    'signUpWithPassword',
    'signInWithPassword',
    'sendPasswordResetEmail',
    'checkPasswordResetCode',
    'resetPassword',
    'sendMagicLinkEmail',
    'signInWithMagicLinkCode',
    'signInWithOtp',
    'checkMagicLinkCode',
    'handleOAuthCallback',
    'createOAuthSignInUrl',
    'signInWithOAuth',
    'createOAuthLinkUrl',
    'linkOAuthAccount',
    'completeMfaSignIn',
    'verifyEmail',
    'checkEmailVerificationCode',
  ]);

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
    ...signIn,

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

    async listConnectedAccounts() {
      const user = await client.getCurrentUser();
      return (user?.oauthProviders ?? []).map((account) => ({
        provider: account.id,
        accountId: account.accountId,
        email: account.email,
      }));
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

    async getProject() {
      return projectFromWire(await callAnonymously({ method: 'GET', path: '/projects/current' }));
    },

    ...teamCalls({ asUser: (call) => callAsUser(call), anonymously: callAnonymously }),
    ...teamManagement,
    callAsUser: (call) => callAsUser(call),
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

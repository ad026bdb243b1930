// The client's sign-in calls (password sign-up and sign-in, password reset, magic link and
// one-time code, OAuth sign-in and account linking with their callback, the MFA step, email
// verification codes): loaded on first use by auth-client.ts, so that screens which make none
// of them on their first load (account settings) do not download them with the shared entry.
import type { CookieDocument } from './cookies';
import { mfaAttemptCode, OAuthCallbackError } from './errors';
import type {
  AuthClient,
  AuthClientOptions,
  HandlerUrls,
  OAuthCallbackOutcome,
  OAuthLinkOptions,
  OAuthSignInOptions,
  SignInOutcome,
} from './index';
import { beginPkceFlow, takeVerifier } from './oauth-pkce';
import type { StoredTokens } from './token-stores';
import { callTokenEndpoint, type Answer, type Call, type TransportConfig } from './transport';

export type SignInCalls = Pick<
  AuthClient,
  | 'signUpWithPassword'
  | 'signInWithPassword'
  | 'sendPasswordResetEmail'
  | 'checkPasswordResetCode'
  | 'resetPassword'
  | 'sendMagicLinkEmail'
  | 'signInWithMagicLinkCode'
  | 'signInWithOtp'
  | 'checkMagicLinkCode'
  | 'handleOAuthCallback'
  | 'createOAuthSignInUrl'
  | 'signInWithOAuth'
  | 'createOAuthLinkUrl'
  | 'linkOAuthAccount'
  | 'completeMfaSignIn'
  | 'verifyEmail'
  | 'checkEmailVerificationCode'
>;

export function signInCalls(calls: {
  anonymously: Call;
  finishSignIn: (signIn: () => Promise<Answer>) => Promise<SignInOutcome>;
  handlerUrls: () => HandlerUrls;
  cookieJar: () => CookieDocument;
  transport: TransportConfig;
  options: Pick<AuthClientOptions, 'projectId' | 'publishableClientKey' | 'navigate'>;
  getAccessToken: () => Promise<string | null>;
  storeTokens: (tokens: StoredTokens) => Promise<void>;
}): SignInCalls {
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
    const urls = flow.redirectUrl && flow.errorRedirectUrl ? undefined : calls.handlerUrls();
    const { state, codeChallenge } = await beginPkceFlow(calls.cookieJar());
    const query = new URLSearchParams({
      client_id: calls.options.projectId,
      client_secret: calls.options.publishableClientKey,
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
    return `${calls.transport.baseUrl}/api/v1/auth/oauth/authorize/${encodeURIComponent(provider)}?${query}`;
  }

  const signIn: SignInCalls = {
    async createOAuthSignInUrl(provider, signInOptions?: OAuthSignInOptions) {
      return await authorizeUrl(provider, 'authenticate', signInOptions ?? {});
    },
    async signInWithOAuth(provider, signInOptions) {
      const url = await signIn.createOAuthSignInUrl(provider, signInOptions);
      (calls.options.navigate ?? ((target: string) => location.assign(target)))(url);
    },
    async createOAuthLinkUrl(provider, linkOptions?: OAuthLinkOptions) {
      const accessToken = await calls.getAccessToken();
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
      const url = await signIn.createOAuthLinkUrl(provider, linkOptions);
      (calls.options.navigate ?? ((target: string) => location.assign(target)))(url);
    },
    async signUpWithPassword(input) {
      const outcome = await calls.finishSignIn(() =>
        calls.anonymously({
          method: 'POST',
          path: '/auth/password/sign-up',
          body: {
            email: input.email,
            password: input.password,
            verification_callback_url: input.verificationCallbackUrl ?? calls.handlerUrls().emailVerification,
          },
        }),
      );
      // The password sign-up answer has no is_new_user: a successful sign-up always made the user.
      return outcome.status === 'signed-in' ? { ...outcome, isNewUser: true } : outcome;
    },
    signInWithPassword(input) {
      return calls.finishSignIn(() =>
        calls.anonymously({
          method: 'POST',
          path: '/auth/password/sign-in',
          body: { email: input.email, password: input.password },
        }),
      );
    },
    async sendPasswordResetEmail(email, sendOptions) {
      await calls.anonymously({
        method: 'POST',
        path: '/auth/password/send-reset-code',
        body: { email, callback_url: sendOptions?.callbackUrl ?? calls.handlerUrls().passwordReset },
      });
    },
    async checkPasswordResetCode(code) {
      await calls.anonymously({ method: 'POST', path: '/auth/password/reset/check-code', body: { code } });
    },
    async resetPassword(input) {
      await calls.anonymously({
        method: 'POST',
        path: '/auth/password/reset',
        body: { code: input.code, password: input.password },
      });
    },
    async sendMagicLinkEmail(email, sendOptions) {
      const answer = await calls.anonymously({
        method: 'POST',
        path: '/auth/otp/send-sign-in-code',
        body: { email, callback_url: sendOptions?.callbackUrl ?? calls.handlerUrls().magicLinkCallback },
      });
      return { nonce: String(answer.nonce) };
    },
    signInWithMagicLinkCode(code) {
      return calls.finishSignIn(() => calls.anonymously({ method: 'POST', path: '/auth/otp/sign-in', body: { code } }));
    },
    signInWithOtp(otp, nonce) {
      return signIn.signInWithMagicLinkCode(otp.trim().toLowerCase() + nonce);
    },
    async checkMagicLinkCode(code) {
      await calls.anonymously({ method: 'POST', path: '/auth/otp/sign-in/check-code', body: { code } });
    },

    async handleOAuthCallback(callbackOptions): Promise<OAuthCallbackOutcome> {
      const href = callbackOptions?.url ?? (typeof location === 'undefined' ? undefined : location.href);
      if (!href) throw new OAuthCallbackError('missing-parameters');
      const callbackUrl = new URL(href);
      const code = callbackUrl.searchParams.get('code');
      const state = callbackUrl.searchParams.get('state');
      if (!code || !state) throw new OAuthCallbackError('missing-parameters');
      const verifier = takeVerifier(calls.cookieJar(), state);
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
        answer = (await callTokenEndpoint(calls.transport, {
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
      await calls.storeTokens({ accessToken: answer.access_token, refreshToken: answer.refresh_token });
      return {
        status: 'signed-in',
        isNewUser: Boolean(answer.is_new_user),
        afterCallbackRedirectUrl:
          typeof answer.after_callback_redirect_url === 'string' ? answer.after_callback_redirect_url : null,
      };
    },

    completeMfaSignIn(input) {
      return calls.finishSignIn(() =>
        calls.anonymously({
          method: 'POST',
          path: '/auth/mfa/sign-in',
          body: { code: input.attemptCode, type: 'totp', totp: input.totp },
        }),
      );
    },
    async verifyEmail(code) {
      await calls.anonymously({ method: 'POST', path: '/contact-channels/verify', body: { code } });
    },
    async checkEmailVerificationCode(code) {
      await calls.anonymously({ method: 'POST', path: '/contact-channels/verify/check-code', body: { code } });
    },
  };
  return signIn;
}

/** The redirect URI as the authorize and token calls must both send it: no fragment, no `code`/`state`. */
export function oauthRedirectUri(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  parsed.searchParams.delete('code');
  parsed.searchParams.delete('state');
  return parsed.toString();
}

// The token endpoint's authorization_code grant: the app trades the code from the
// callback, with its PKCE verifier, for a session. The checks that can fail without consuming
// the code (unknown code, wrong verifier) run inside the code's transaction and undo its use, as
// Stack's check-first order does; a redirect_uri mismatch is found only after the code is used
// up. The session comes from completeSignIn, so a user with TOTP on gets the MFA challenge instead.
import type { Context } from '../storage/context';
import { secretsEqual } from '../credentials/random-tokens';
import { requireOAuthClient } from './sessions';
import { completeSignIn } from './sign-in-completion';
import { requireUserRow } from '../storage/user-queries';
import { consumeVerificationCode } from '../credentials/verification-codes';
import { KnownError, knownError } from '../../protocol/known-errors';
import type { TokenRequest } from '../../protocol/auth-schemas';
import { s256, withoutFragment, type AuthorizationCodeData } from './authorization-flow';

/** An RFC 6749 §5.2 error, for requests too malformed to be anything else. */
export class OAuthRequestError extends Error {
  constructor(
    readonly error: 'invalid_request',
    readonly description: string,
  ) {
    super(description);
  }
}

export interface AuthorizationCodeGrantResult {
  access_token: string;
  refresh_token: string;
  is_new_user: boolean;
  after_callback_redirect_url: string | null;
}

async function asInvalidAuthorizationCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof KnownError && error.is('VERIFICATION_ERROR')) throw knownError('INVALID_AUTHORIZATION_CODE');
    throw error;
  }
}

export async function exchangeAuthorizationCode(ctx: Context, form: TokenRequest): Promise<AuthorizationCodeGrantResult> {
  const projectId = await requireOAuthClient(ctx, form);
  for (const field of ['code', 'code_verifier', 'redirect_uri'] as const) {
    if (!form[field]) throw new OAuthRequestError('invalid_request', `${field} is required for the authorization_code grant.`);
  }
  const code = form.code!;
  if (code.length !== 45) throw knownError('INVALID_AUTHORIZATION_CODE');
  const data = await asInvalidAuthorizationCode(
    async () =>
      await consumeVerificationCode(ctx, projectId, 'oauth_authorization_code', code, (_tx, stored) => {
        const codeData = stored as unknown as AuthorizationCodeData;
        if (!secretsEqual(s256(form.code_verifier!), codeData.code_challenge)) throw knownError('INVALID_AUTHORIZATION_CODE');
        return codeData;
      }),
  );
  if (withoutFragment(form.redirect_uri!) !== data.redirect_uri) throw knownError('REDIRECT_URL_NOT_WHITELISTED');
  const user = await requireUserRow(ctx.db, projectId, data.user_id);
  const session = await completeSignIn(ctx, projectId, user, { method: 'oauth', isNewUser: data.is_new_user });
  return {
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    is_new_user: data.is_new_user,
    after_callback_redirect_url: data.after_callback_redirect_url,
  };
}

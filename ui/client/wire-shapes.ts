// Translation between the wire's snake_case shapes and the client's camelCase types.
import type { ClientProject, CurrentUser, CurrentUserUpdate, SignInOutcome, Team } from './index';

type Wire = Record<string, any>;

export function teamFromWire(team: Wire): Team {
  return {
    id: team.id,
    displayName: team.display_name,
    profileImageUrl: team.profile_image_url ?? null,
    clientMetadata: team.client_metadata ?? null,
    clientReadOnlyMetadata: team.client_read_only_metadata ?? null,
  };
}

export function userFromWire(user: Wire): CurrentUser {
  return {
    id: user.id,
    primaryEmail: user.primary_email ?? null,
    primaryEmailVerified: Boolean(user.primary_email_verified),
    displayName: user.display_name ?? null,
    profileImageUrl: user.profile_image_url ?? null,
    signedUpAt: new Date(user.signed_up_at_millis),
    hasPassword: Boolean(user.has_password),
    otpAuthEnabled: Boolean(user.otp_auth_enabled),
    passkeyAuthEnabled: Boolean(user.passkey_auth_enabled),
    requiresTotpMfa: Boolean(user.requires_totp_mfa),
    oauthProviders: ((user.oauth_providers ?? []) as Wire[]).map((p) => ({
      id: p.id,
      accountId: p.account_id,
      email: p.email ?? null,
    })),
    selectedTeamId: user.selected_team_id ?? null,
    selectedTeam: user.selected_team ? teamFromWire(user.selected_team) : null,
    clientMetadata: user.client_metadata ?? null,
    clientReadOnlyMetadata: user.client_read_only_metadata ?? null,
    locale: typeof user.locale === 'string' ? user.locale : null,
  };
}

/** Only the fields given are sent, so omitted ones stay unchanged on the server. */
export function userUpdateToWire(update: CurrentUserUpdate): Wire {
  const body: Wire = {};
  if (update.displayName !== undefined) body.display_name = update.displayName;
  if (update.profileImageUrl !== undefined) body.profile_image_url = update.profileImageUrl;
  if (update.clientMetadata !== undefined) body.client_metadata = update.clientMetadata;
  if (update.selectedTeamId !== undefined) body.selected_team_id = update.selectedTeamId;
  if (update.totpSecretBase64 !== undefined) body.totp_secret_base64 = update.totpSecretBase64;
  if (update.locale !== undefined) body.locale = update.locale;
  return body;
}

export function projectFromWire(project: Wire): ClientProject {
  const config: Wire = project.config ?? {};
  return {
    id: project.id,
    displayName: project.display_name,
    config: {
      signUpEnabled: Boolean(config.sign_up_enabled),
      credentialEnabled: Boolean(config.credential_enabled),
      magicLinkEnabled: Boolean(config.magic_link_enabled),
      passkeyEnabled: Boolean(config.passkey_enabled),
      clientTeamCreationEnabled: Boolean(config.client_team_creation_enabled),
      clientUserDeletionEnabled: Boolean(config.client_user_deletion_enabled),
      enabledOAuthProviders: ((config.enabled_oauth_providers ?? []) as Wire[]).map((p) => ({ id: p.id })),
    },
  };
}

/** The tokens of a sign-in response, checked before they are stored. */
export function sessionFromWire(answer: Wire): { accessToken: string; refreshToken: string; outcome: SignInOutcome } {
  if (typeof answer?.access_token !== 'string' || typeof answer?.refresh_token !== 'string') {
    throw new Error('authd answered a sign-in without access_token and refresh_token.');
  }
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    outcome: {
      status: 'signed-in',
      userId: answer.user_id,
      isNewUser: Boolean(answer.is_new_user),
      // Only a recovery code at the MFA step carries it.
      ...(typeof answer.recovery_codes_remaining === 'number' && { recoveryCodesRemaining: answer.recovery_codes_remaining }),
    },
  };
}

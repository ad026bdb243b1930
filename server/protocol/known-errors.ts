// Known-error catalogue of the wire protocol; a leaf module shared by server, CLI and ui/client, so it imports nothing of theirs.

type Details = Record<string, unknown>;

interface ConcreteEntry<Args extends unknown[]> {
  abstract: false;
  status: number;
  /** Every ancestor code, nearest first, as the SDK's `instanceof` families. */
  parents: readonly string[];
  build: (...args: Args) => { message: string; details?: Details };
}

interface AbstractEntry {
  abstract: true;
  parents: readonly string[];
}

function concrete<Args extends unknown[]>(
  status: number,
  parents: readonly string[],
  build: (...args: Args) => { message: string; details?: Details },
): ConcreteEntry<Args> {
  return { abstract: false, status, parents, build };
}

function abstract(parents: readonly string[] = []): AbstractEntry {
  return { abstract: true, parents };
}

// Full ancestor chains, spelled once so that a family and its members cannot drift apart.
const PROJECT_AUTH = ['PROJECT_AUTHENTICATION_ERROR'] as const;
const INVALID_PROJECT_AUTH = ['INVALID_PROJECT_AUTHENTICATION', ...PROJECT_AUTH] as const;
const INVALID_ADMIN_TOKEN = ['INVALID_ADMIN_ACCESS_TOKEN', ...INVALID_PROJECT_AUTH] as const;
const PROJECT_AUTH_REQUIRED = ['PROJECT_AUTHENTICATION_REQUIRED', ...PROJECT_AUTH] as const;
const SESSION_AUTH = ['SESSION_AUTHENTICATION_ERROR'] as const;
const INVALID_SESSION_AUTH = ['INVALID_SESSION_AUTHENTICATION', ...SESSION_AUTH] as const;
const INVALID_TOKEN = ['INVALID_ACCESS_TOKEN', ...INVALID_SESSION_AUTH] as const;
const REFRESH_TOKEN = ['REFRESH_TOKEN_ERROR'] as const;
const PASSWORD_REQUIREMENTS = ['PASSWORD_REQUIREMENTS_NOT_MET'] as const;
const VERIFICATION = ['VERIFICATION_ERROR'] as const;

const AUTH_DOCS_HINT =
  'For more information, see the docs on REST API authentication: https://docs.stack-auth.com/rest-api/overview#authentication';

function noDetails(message: string): () => { message: string } {
  return () => ({ message });
}

// Stack's server formats this list with the SDK's `deindent`, which indents every line of the
// joined overloads by two spaces, blank separator lines included; the SDK never parses the
// message, but keeping it byte-equal avoids surprising anyone diffing against Stack.
function overloadsMessage(overloadErrors: unknown[]): string {
  const listed = overloadErrors
    .map((error, i) => `Overload ${i + 1}: ${String(JSON.stringify(error, undefined, 2))}`)
    .join('\n\n');
  const indented = listed
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
  return `This endpoint has multiple overloads, but they all failed to process the request.\n\n${indented}`;
}

// A numeric `expired_at_millis` makes the SDK's parser throw instead of refreshing, so
// the instant only ever appears in the human-readable message.
function tokenExpired(prefix: string): (expiredAt?: Date) => { message: string; details: Details } {
  return (expiredAt?: Date) => ({
    message: `${prefix} has expired. Please refresh it and try again.${
      expiredAt ? ` (The access token expired at ${expiredAt.toISOString()}.)` : ''
    }`,
    details: { expired_at_millis: null },
  });
}

export const knownErrorCatalogue = {
  UNSUPPORTED_ERROR: concrete(500, [], (originalErrorCode: string) => ({
    message: `An error occurred that is not currently supported (possibly because it was added in a version of Stack that is newer than this client). The original unsupported error code was: ${originalErrorCode}`,
    details: { originalErrorCode },
  })),
  // Stack sends no details here, but the SDK rebuilds the error from `details.message` only.
  BODY_PARSING_ERROR: concrete(400, [], (message: string) => ({ message, details: { message } })),
  SCHEMA_ERROR: concrete(400, [], (message: string) => ({ message, details: { message } })),
  ALL_OVERLOADS_FAILED: concrete(400, [], (overloadErrors: unknown[]) => ({
    message: overloadsMessage(overloadErrors),
    details: { overload_errors: overloadErrors },
  })),

  PROJECT_AUTHENTICATION_ERROR: abstract(),
  INVALID_PROJECT_AUTHENTICATION: abstract(PROJECT_AUTH),
  PROJECT_KEY_WITHOUT_ACCESS_TYPE: concrete(
    400,
    INVALID_PROJECT_AUTH,
    noDetails(
      "Either an API key or an admin access token was provided, but the x-stack-access-type header is missing. Set it to 'client', 'server', or 'admin' as appropriate.",
    ),
  ),
  // Details added for the SDK's parser, as for BODY_PARSING_ERROR.
  INVALID_ACCESS_TYPE: concrete(400, INVALID_PROJECT_AUTH, (accessType: string) => ({
    message: `The x-stack-access-type header must be 'client', 'server', or 'admin', but was '${accessType}'.`,
    details: { accessType },
  })),
  ACCESS_TYPE_WITHOUT_PROJECT_ID: concrete(400, INVALID_PROJECT_AUTH, (accessType: string) => ({
    message: `The x-stack-access-type header was '${accessType}', but the x-stack-project-id header was not provided.\n\n${AUTH_DOCS_HINT}`,
    details: { request_type: accessType },
  })),
  ACCESS_TYPE_REQUIRED: concrete(
    400,
    INVALID_PROJECT_AUTH,
    noDetails(
      `You must specify an access level for this Stack project. Make sure project API keys are provided (eg. x-stack-publishable-client-key) and you set the x-stack-access-type header to 'client', 'server', or 'admin'.\n\n${AUTH_DOCS_HINT}`,
    ),
  ),
  CANNOT_GET_OWN_USER_WITHOUT_USER: concrete(
    400,
    [],
    noDetails("You have specified 'me' as a userId, but did not provide authentication for a user."),
  ),
  // Stack joins every alternative with " or " (no Oxford list); we keep its exact wording.
  INSUFFICIENT_ACCESS_TYPE: concrete(401, INVALID_PROJECT_AUTH, (actualAccessType: string, allowedAccessTypes: string[]) => ({
    message: `The x-stack-access-type header must be ${allowedAccessTypes
      .map((type) => `'${type}'`)
      .join(' or ')}, but was '${actualAccessType}'.`,
    details: { actual_access_type: actualAccessType, allowed_access_types: allowedAccessTypes },
  })),
  // Stack quotes the project id with JSON.stringify, so odd characters come out escaped.
  INVALID_PUBLISHABLE_CLIENT_KEY: concrete(401, INVALID_PROJECT_AUTH, (projectId: string) => ({
    message: `The publishable key is not valid for the project ${JSON.stringify(projectId)}. Does the project and/or the key exist?`,
    details: { project_id: projectId },
  })),
  INVALID_SECRET_SERVER_KEY: concrete(401, INVALID_PROJECT_AUTH, (projectId: string) => ({
    message: `The secret server key is not valid for the project ${JSON.stringify(projectId)}. Does the project and/or the key exist?`,
    details: { project_id: projectId },
  })),
  INVALID_SUPER_SECRET_ADMIN_KEY: concrete(401, INVALID_PROJECT_AUTH, (projectId: string) => ({
    message: `The super secret admin key is not valid for the project ${JSON.stringify(projectId)}. Does the project and/or the key exist?`,
    details: { project_id: projectId },
  })),

  INVALID_ADMIN_ACCESS_TOKEN: abstract(INVALID_PROJECT_AUTH),
  UNPARSABLE_ADMIN_ACCESS_TOKEN: concrete(401, INVALID_ADMIN_TOKEN, noDetails('Admin access token is not parsable.')),
  ADMIN_ACCESS_TOKEN_EXPIRED: concrete(401, INVALID_ADMIN_TOKEN, tokenExpired('Admin access token')),
  INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN: concrete(
    401,
    INVALID_ADMIN_TOKEN,
    noDetails('Admin access tokens must be created on the internal project.'),
  ),
  ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN: concrete(
    401,
    INVALID_ADMIN_TOKEN,
    noDetails('Admin access token does not have the required permissions to access this project.'),
  ),

  // Deprecated by Stack in favour of INSUFFICIENT_ACCESS_TYPE; kept because the SDK still knows it.
  PROJECT_AUTHENTICATION_REQUIRED: abstract(PROJECT_AUTH),
  CLIENT_AUTHENTICATION_REQUIRED: concrete(401, PROJECT_AUTH_REQUIRED, noDetails('The publishable client key must be provided.')),
  SERVER_AUTHENTICATION_REQUIRED: concrete(401, PROJECT_AUTH_REQUIRED, noDetails('The secret server key must be provided.')),
  CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED: concrete(
    401,
    PROJECT_AUTH_REQUIRED,
    noDetails('Either the publishable client key or the secret server key must be provided.'),
  ),
  CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED: concrete(
    401,
    PROJECT_AUTH_REQUIRED,
    noDetails('Either the publishable client key or the super secret admin key must be provided.'),
  ),
  CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED: concrete(
    401,
    PROJECT_AUTH_REQUIRED,
    noDetails('Either the publishable client key, the secret server key, or the super secret admin key must be provided.'),
  ),
  ADMIN_AUTHENTICATION_REQUIRED: concrete(401, PROJECT_AUTH_REQUIRED, noDetails('The super secret admin key must be provided.')),
  EXPECTED_INTERNAL_PROJECT: concrete(401, PROJECT_AUTH, noDetails('The project ID is expected to be internal.')),

  SESSION_AUTHENTICATION_ERROR: abstract(),
  INVALID_SESSION_AUTHENTICATION: abstract(SESSION_AUTH),
  INVALID_ACCESS_TOKEN: abstract(INVALID_SESSION_AUTH),
  UNPARSABLE_ACCESS_TOKEN: concrete(401, INVALID_TOKEN, noDetails('Access token is not parsable.')),
  ACCESS_TOKEN_EXPIRED: concrete(401, INVALID_TOKEN, tokenExpired('Access token')),
  INVALID_PROJECT_FOR_ACCESS_TOKEN: concrete(401, INVALID_TOKEN, noDetails('Access token not valid for this project.')),

  REFRESH_TOKEN_ERROR: abstract(),
  PROVIDER_REJECTED: concrete(
    401,
    REFRESH_TOKEN,
    noDetails(
      'The provider refused to refresh their token. This usually means that the provider used to authenticate the user no longer regards this session as valid, and the user must re-authenticate.',
    ),
  ),
  REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED: concrete(
    401,
    REFRESH_TOKEN,
    noDetails('Refresh token not found for this project, or the session has expired/been revoked.'),
  ),

  USER_EMAIL_ALREADY_EXISTS: concrete(409, [], noDetails('User email already exists.')),
  USER_ID_DOES_NOT_EXIST: concrete(400, [], (userId: string) => ({
    message: `The given user with the ID ${userId} does not exist.`,
    details: { user_id: userId },
  })),
  USER_NOT_FOUND: concrete(404, [], noDetails('User not found.')),
  API_KEY_NOT_FOUND: concrete(404, [], noDetails('API key not found.')),
  PROJECT_NOT_FOUND: concrete(404, [], (projectId: string) => ({
    message: `Project ${projectId} not found or is not accessible with the current user.`,
    details: { project_id: projectId },
  })),
  SIGN_UP_NOT_ENABLED: concrete(
    400,
    [],
    noDetails('Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.'),
  ),
  PASSWORD_AUTHENTICATION_NOT_ENABLED: concrete(400, [], noDetails('Password authentication is not enabled for this project.')),
  PASSKEY_AUTHENTICATION_NOT_ENABLED: concrete(400, [], noDetails('Passkey authentication is not enabled for this project.')),
  EMAIL_PASSWORD_MISMATCH: concrete(400, [], noDetails('Wrong e-mail or password.')),
  REDIRECT_URL_NOT_WHITELISTED: concrete(
    400,
    [],
    noDetails(
      'Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Stack Auth dashboard?',
    ),
  ),

  // Abstract in Stack. authd also sends it itself, for a password refused by the strength check
  // (breached, containing the email, too guessable): with `details.message` the SDK parses it as
  // its PasswordRequirementsNotMet, the family its sign-up and reset forms already catch.
  PASSWORD_REQUIREMENTS_NOT_MET: concrete(400, [], (message: string) => ({ message, details: { message } })),
  PASSWORD_TOO_SHORT: concrete(400, PASSWORD_REQUIREMENTS, (minLength: number) => ({
    message: `Password too short. Minimum length is ${minLength}.`,
    details: { min_length: minLength },
  })),
  // camelCase unlike its sibling: it is the key the SDK's parser reads.
  PASSWORD_TOO_LONG: concrete(400, PASSWORD_REQUIREMENTS, (maxLength: number) => ({
    message: `Password too long. Maximum length is ${maxLength}.`,
    details: { maxLength },
  })),
  USER_DOES_NOT_HAVE_PASSWORD: concrete(400, [], noDetails('This user does not have password authentication enabled.')),

  VERIFICATION_ERROR: abstract(),
  VERIFICATION_CODE_NOT_FOUND: concrete(404, VERIFICATION, noDetails('The verification code does not exist for this project.')),
  VERIFICATION_CODE_EXPIRED: concrete(400, VERIFICATION, noDetails('The verification code has expired.')),
  VERIFICATION_CODE_ALREADY_USED: concrete(409, VERIFICATION, noDetails('The verification link has already been used.')),
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: concrete(
    400,
    VERIFICATION,
    noDetails('The verification code nonce has reached the maximum number of attempts. This code is not valid anymore.'),
  ),

  PASSWORD_CONFIRMATION_MISMATCH: concrete(400, [], noDetails('Passwords do not match.')),
  EMAIL_ALREADY_VERIFIED: concrete(409, [], noDetails('The e-mail is already verified.')),
  EMAIL_NOT_ASSOCIATED_WITH_USER: concrete(
    400,
    [],
    noDetails('The e-mail is not associated with a user that could log in with that e-mail.'),
  ),
  EMAIL_IS_NOT_PRIMARY_EMAIL: concrete(400, [], (email: string, primaryEmail: string) => ({
    message: `The given e-mail (${email}) must equal the user's primary e-mail (${primaryEmail}).`,
    details: { email, primary_email: primaryEmail },
  })),
  PASSKEY_REGISTRATION_FAILED: concrete(400, [], (message: string) => ({ message, details: { message } })),
  // Raised by the SDK itself in the browser; listed so the catalogue mirrors the SDK's registry.
  PASSKEY_WEBAUTHN_ERROR: concrete(400, [], (message: string, code: string) => ({
    message,
    details: { message, code },
  })),
  PASSKEY_AUTHENTICATION_FAILED: concrete(400, [], (message: string) => ({ message, details: { message } })),

  PERMISSION_NOT_FOUND: concrete(404, [], (permissionId: string) => ({
    message: `Permission "${permissionId}" not found. Make sure you created it on the dashboard.`,
    details: { permission_id: permissionId },
  })),
  CONTAINED_PERMISSION_NOT_FOUND: concrete(400, [], (permissionId: string) => ({
    message: `Contained permission with ID "${permissionId}" not found. Make sure you created it on the dashboard.`,
    details: { permission_id: permissionId },
  })),
  TEAM_NOT_FOUND: concrete(404, [], (teamId: string) => ({
    message: `Team ${teamId} not found.`,
    details: { team_id: teamId },
  })),
  // No TEAM_ALREADY_EXISTS: the SDK's registry lacks it, so receiving it would crash the SDK.
  TEAM_MEMBERSHIP_NOT_FOUND: concrete(404, [], (teamId: string, userId: string) => ({
    message: `User ${userId} is not found in team ${teamId}.`,
    details: { team_id: teamId, user_id: userId },
  })),
  EMAIL_TEMPLATE_ALREADY_EXISTS: concrete(409, [], noDetails('Email template already exists.')),

  OAUTH_CONNECTION_NOT_CONNECTED_TO_USER: concrete(400, [], noDetails('The OAuth connection is not connected to any user.')),
  OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: concrete(
    409,
    [],
    noDetails('The OAuth connection is already connected to another user.'),
  ),
  OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: concrete(
    400,
    [],
    noDetails('The OAuth connection does not have the required scope.'),
  ),
  OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: concrete(
    400,
    [],
    noDetails(
      'Extra scopes are not available with shared OAuth keys. Please add your own OAuth keys on the Stack dashboard to use extra scopes.',
    ),
  ),
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: concrete(
    400,
    [],
    noDetails(
      'Access tokens are not available with shared OAuth keys. Please add your own OAuth keys on the Stack dashboard to use access tokens.',
    ),
  ),
  INVALID_OAUTH_CLIENT_ID_OR_SECRET: concrete(400, [], (clientId: string | null) => ({
    message:
      'The OAuth client ID or secret is invalid. The client ID must be equal to the project ID, and the client secret must be a publishable client key.',
    details: { client_id: clientId },
  })),
  // Details added for the SDK's parser, as for BODY_PARSING_ERROR.
  INVALID_SCOPE: concrete(400, [], (scope: string) => ({
    message: `The scope "${scope}" is not a valid OAuth scope for Stack.`,
    details: { scope },
  })),
  USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION: concrete(
    409,
    [],
    noDetails('The user is already connected to another OAuth account. Did you maybe selected the wrong account?'),
  ),
  OUTER_OAUTH_TIMEOUT: concrete(408, [], noDetails('The OAuth flow has timed out. Please sign in again.')),
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: concrete(400, [], noDetails('The OAuth provider is not found or not enabled.')),
  MULTI_FACTOR_AUTHENTICATION_REQUIRED: concrete(400, [], (attemptCode: string) => ({
    message: 'Multi-factor authentication is required for this user.',
    details: { attempt_code: attemptCode },
  })),
  INVALID_TOTP_CODE: concrete(400, [], noDetails('The TOTP code is invalid. Please try again.')),
  USER_AUTHENTICATION_REQUIRED: concrete(401, [], noDetails('User authentication required for this endpoint.')),
  TEAM_MEMBERSHIP_ALREADY_EXISTS: concrete(409, [], noDetails('Team membership already exists.')),
  // authd's own, sent only by projects with team_invitation_requires_matching_email on. The Stack
  // SDK does not know it and throws a plain Error carrying the code and message.
  TEAM_INVITATION_EMAIL_MISMATCH: concrete(403, [], (recipientEmail: string) => ({
    message: `This team invitation was sent to ${recipientEmail}. Only an account that has verified that address can accept it.`,
    details: { recipient_email: recipientEmail },
  })),
  TEAM_PERMISSION_REQUIRED: concrete(401, [], (teamId: string, userId: string, permissionId: string) => ({
    message: `User ${userId} does not have permission ${permissionId} in team ${teamId}.`,
    details: { team_id: teamId, user_id: userId, permission_id: permissionId },
  })),
  INVALID_SHARED_OAUTH_PROVIDER_ID: concrete(400, [], (providerId: string) => ({
    message: `The shared OAuth provider with ID ${providerId} is not valid.`,
    details: { provider_id: providerId },
  })),
  INVALID_STANDARD_OAUTH_PROVIDER_ID: concrete(400, [], (providerId: string) => ({
    message: `The standard OAuth provider with ID ${providerId} is not valid.`,
    details: { provider_id: providerId },
  })),
  INVALID_AUTHORIZATION_CODE: concrete(400, [], noDetails('The given authorization code is invalid.')),
  TEAM_PERMISSION_NOT_FOUND: concrete(401, [], (teamId: string, userId: string, permissionId: string) => ({
    message: `User ${userId} does not have permission ${permissionId} in team ${teamId}.`,
    details: { team_id: teamId, user_id: userId, permission_id: permissionId },
  })),
  OAUTH_PROVIDER_ACCESS_DENIED: concrete(400, [], noDetails('The OAuth provider denied access to the user.')),
  CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: concrete(409, [], (type: string) => ({
    message: `This ${type} is already used for authentication by another account.`,
    details: { type },
  })),
  // authd's own, not Stack's (its SDK throws "Unknown KnownError code" on it): a sensitive change
  // (MFA off, passkey removal, primary email, recovery codes) asked of a session whose user last
  // proved a factor too long ago. POST /auth/sessions/current/reauthenticate makes it recent.
  RECENT_AUTHENTICATION_REQUIRED: concrete(403, [], (windowMinutes: number) => ({
    message: `Confirm it is you first: this change needs a password, authenticator code or passkey given in the last ${windowMinutes} minutes.`,
    details: { window_minutes: windowMinutes },
  })),
  // authd's own, not Stack's (its SDK throws a plain Error carrying the code): an admin banned the
  // user. Sent only after the user proved who they are (a right password, code, passkey or
  // provider account), so it tells nothing to someone who merely knows an address.
  USER_BANNED: concrete(403, [], (bannedUntil: number | null) => ({
    message:
      bannedUntil === null
        ? 'This account has been suspended. Contact the support of this app.'
        : `This account has been suspended until ${new Date(bannedUntil).toISOString()}. Contact the support of this app.`,
    details: { banned_until_millis: bannedUntil },
  })),
  // authd's own: an admin signed in as the user (impersonation) may look and act as them, but not
  // change how they sign in.
  IMPERSONATION_FORBIDS_THIS: concrete(403, [], noDetails(
    "This is an impersonation session: passwords, multi-factor authentication and passkeys cannot be changed in it.",
  )),
} as const;

type Catalogue = typeof knownErrorCatalogue;
export type KnownErrorCode = keyof Catalogue;
type ConcreteCode = {
  [C in KnownErrorCode]: Catalogue[C] extends ConcreteEntry<any> ? C : never;
}[KnownErrorCode];
type ArgsOf<C extends ConcreteCode> = Catalogue[C] extends ConcreteEntry<infer A> ? A : never;
/** Codes that can be raised, i.e. not the abstract families. */
export type ConcreteKnownErrorCode = ConcreteCode;
export type KnownErrorArgs<C extends ConcreteCode> = ArgsOf<C>;

export const knownErrorCodes = Object.keys(knownErrorCatalogue) as readonly KnownErrorCode[];

export function isKnownErrorCode(code: string): code is KnownErrorCode {
  // Own keys only, so that names like "toString" from the prototype are not mistaken for codes.
  return Object.hasOwn(knownErrorCatalogue, code);
}

export class KnownError extends Error {
  readonly code: ConcreteCode;
  readonly status: number;
  readonly details: Details | undefined;

  constructor(code: ConcreteCode, status: number, message: string, details?: Details) {
    super(message);
    this.name = 'KnownError';
    this.code = code;
    this.status = status;
    this.details = details;
  }

  /** The body the wire protocol sends, keys in Stack's order: `{code, details?, error}`. */
  toJSON(): { code: string; error: string; details?: Details } {
    return this.details === undefined
      ? { code: this.code, error: this.message }
      : { code: this.code, details: this.details, error: this.message };
  }

  /** True when this error is `code` or belongs to the family `code`. */
  is(code: KnownErrorCode): boolean {
    return this.code === code || knownErrorCatalogue[this.code].parents.includes(code);
  }
}

export function knownError<C extends ConcreteCode>(code: C, ...args: ArgsOf<C>): KnownError {
  const entry = knownErrorCatalogue[code] as unknown as ConcreteEntry<ArgsOf<C>> | AbstractEntry;
  // The type already forbids abstract codes; this guards callers that reach here through casts.
  if (entry.abstract) throw new TypeError(`${code} is an abstract known-error family and cannot be raised`);
  const { message, details } = entry.build(...args);
  return new KnownError(code, entry.status, message, details);
}

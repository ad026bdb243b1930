// The catalogue against Stack's known errors (expectations transcribed by hand) and against the SDK's parser.
import { describe, expect, test } from 'bun:test';
import {
  KnownError as SdkKnownError,
  KnownErrors as SdkKnownErrors,
  type KnownErrorJson as SdkKnownErrorJson,
} from '@stackframe/stack-shared/dist/known-errors';
import {
  KnownError,
  isKnownErrorCode,
  knownError,
  knownErrorCatalogue,
  knownErrorCodes,
  type ConcreteKnownErrorCode,
  type KnownErrorArgs,
  type KnownErrorCode,
} from '../../server/protocol/known-errors';

type AbstractCode = Exclude<KnownErrorCode, ConcreteKnownErrorCode>;
type Details = Record<string, unknown>;

interface Row<C extends ConcreteKnownErrorCode> {
  status: number;
  parents: readonly string[];
  args: KnownErrorArgs<C>;
  message: string;
  details?: Details;
  /** The message the SDK rebuilds, when it differs from ours (it rebuilds from `details` alone). */
  sdkMessage?: string;
}

// Ancestor chains, followed by hand through Stack's error hierarchy.
const PROJECT_AUTH = ['PROJECT_AUTHENTICATION_ERROR'];
const INVALID_PROJECT_AUTH = ['INVALID_PROJECT_AUTHENTICATION', 'PROJECT_AUTHENTICATION_ERROR'];
const INVALID_ADMIN_TOKEN = ['INVALID_ADMIN_ACCESS_TOKEN', 'INVALID_PROJECT_AUTHENTICATION', 'PROJECT_AUTHENTICATION_ERROR'];
const PROJECT_AUTH_REQUIRED = ['PROJECT_AUTHENTICATION_REQUIRED', 'PROJECT_AUTHENTICATION_ERROR'];
const INVALID_TOKEN = ['INVALID_ACCESS_TOKEN', 'INVALID_SESSION_AUTHENTICATION', 'SESSION_AUTHENTICATION_ERROR'];
const REFRESH = ['REFRESH_TOKEN_ERROR'];
const PASSWORD = ['PASSWORD_REQUIREMENTS_NOT_MET'];
const VERIFICATION = ['VERIFICATION_ERROR'];

const DOCS =
  'For more information, see the docs on REST API authentication: https://docs.stack-auth.com/rest-api/overview#authentication';
const EXPIRY = new Date(Date.UTC(2025, 1, 3, 4, 5, 6, 789));

const abstractRows: Record<AbstractCode, readonly string[]> = {
  PROJECT_AUTHENTICATION_ERROR: [],
  INVALID_PROJECT_AUTHENTICATION: ['PROJECT_AUTHENTICATION_ERROR'],
  INVALID_ADMIN_ACCESS_TOKEN: ['INVALID_PROJECT_AUTHENTICATION', 'PROJECT_AUTHENTICATION_ERROR'],
  PROJECT_AUTHENTICATION_REQUIRED: ['PROJECT_AUTHENTICATION_ERROR'],
  SESSION_AUTHENTICATION_ERROR: [],
  INVALID_SESSION_AUTHENTICATION: ['SESSION_AUTHENTICATION_ERROR'],
  INVALID_ACCESS_TOKEN: ['INVALID_SESSION_AUTHENTICATION', 'SESSION_AUTHENTICATION_ERROR'],
  REFRESH_TOKEN_ERROR: [],
  VERIFICATION_ERROR: [],
};

const concreteRows: { [C in ConcreteKnownErrorCode]: Row<C> } = {
  UNSUPPORTED_ERROR: {
    status: 500,
    parents: [],
    args: ['FANCY_NEW_ERROR'],
    message:
      'An error occurred that is not currently supported (possibly because it was added in a version of Stack that is newer than this client). The original unsupported error code was: FANCY_NEW_ERROR',
    details: { originalErrorCode: 'FANCY_NEW_ERROR' },
  },
  BODY_PARSING_ERROR: {
    status: 400,
    parents: [],
    args: ['Invalid JSON in request body'],
    message: 'Invalid JSON in request body',
    details: { message: 'Invalid JSON in request body' },
  },
  SCHEMA_ERROR: {
    status: 400,
    parents: [],
    args: ['Request validation failed on POST /api/v1/users'],
    message: 'Request validation failed on POST /api/v1/users',
    details: { message: 'Request validation failed on POST /api/v1/users' },
  },
  ALL_OVERLOADS_FAILED: {
    status: 400,
    parents: [],
    args: [[{ code: 'SCHEMA_ERROR', error: 'bad' }, 'second']],
    message:
      'This endpoint has multiple overloads, but they all failed to process the request.\n\n' +
      '  Overload 1: {\n    "code": "SCHEMA_ERROR",\n    "error": "bad"\n  }\n  \n  Overload 2: "second"',
    details: { overload_errors: [{ code: 'SCHEMA_ERROR', error: 'bad' }, 'second'] },
  },
  PROJECT_KEY_WITHOUT_ACCESS_TYPE: {
    status: 400,
    parents: INVALID_PROJECT_AUTH,
    args: [],
    message:
      "Either an API key or an admin access token was provided, but the x-stack-access-type header is missing. Set it to 'client', 'server', or 'admin' as appropriate.",
  },
  INVALID_ACCESS_TYPE: {
    status: 400,
    parents: INVALID_PROJECT_AUTH,
    args: ['superuser'],
    message: "The x-stack-access-type header must be 'client', 'server', or 'admin', but was 'superuser'.",
    details: { accessType: 'superuser' },
  },
  ACCESS_TYPE_WITHOUT_PROJECT_ID: {
    status: 400,
    parents: INVALID_PROJECT_AUTH,
    args: ['client'],
    message: `The x-stack-access-type header was 'client', but the x-stack-project-id header was not provided.\n\n${DOCS}`,
    details: { request_type: 'client' },
  },
  ACCESS_TYPE_REQUIRED: {
    status: 400,
    parents: INVALID_PROJECT_AUTH,
    args: [],
    message: `You must specify an access level for this Stack project. Make sure project API keys are provided (eg. x-stack-publishable-client-key) and you set the x-stack-access-type header to 'client', 'server', or 'admin'.\n\n${DOCS}`,
  },
  CANNOT_GET_OWN_USER_WITHOUT_USER: {
    status: 400,
    parents: [],
    args: [],
    message: "You have specified 'me' as a userId, but did not provide authentication for a user.",
  },
  INSUFFICIENT_ACCESS_TYPE: {
    status: 401,
    parents: INVALID_PROJECT_AUTH,
    args: ['client', ['server', 'admin']],
    message: "The x-stack-access-type header must be 'server' or 'admin', but was 'client'.",
    details: { actual_access_type: 'client', allowed_access_types: ['server', 'admin'] },
  },
  INVALID_PUBLISHABLE_CLIENT_KEY: {
    status: 401,
    parents: INVALID_PROJECT_AUTH,
    args: ['proj-1'],
    message: 'The publishable key is not valid for the project "proj-1". Does the project and/or the key exist?',
    details: { project_id: 'proj-1' },
  },
  INVALID_SECRET_SERVER_KEY: {
    status: 401,
    parents: INVALID_PROJECT_AUTH,
    args: ['proj-1'],
    message: 'The secret server key is not valid for the project "proj-1". Does the project and/or the key exist?',
    details: { project_id: 'proj-1' },
  },
  INVALID_SUPER_SECRET_ADMIN_KEY: {
    status: 401,
    parents: INVALID_PROJECT_AUTH,
    args: ['proj-1'],
    message: 'The super secret admin key is not valid for the project "proj-1". Does the project and/or the key exist?',
    details: { project_id: 'proj-1' },
  },
  UNPARSABLE_ADMIN_ACCESS_TOKEN: {
    status: 401,
    parents: INVALID_ADMIN_TOKEN,
    args: [],
    message: 'Admin access token is not parsable.',
  },
  ADMIN_ACCESS_TOKEN_EXPIRED: {
    status: 401,
    parents: INVALID_ADMIN_TOKEN,
    args: [EXPIRY],
    message:
      'Admin access token has expired. Please refresh it and try again. (The access token expired at 2025-02-03T04:05:06.789Z.)',
    details: { expired_at_millis: null },
    sdkMessage: 'Admin access token has expired. Please refresh it and try again.',
  },
  INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN: {
    status: 401,
    parents: INVALID_ADMIN_TOKEN,
    args: [],
    message: 'Admin access tokens must be created on the internal project.',
  },
  ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN: {
    status: 401,
    parents: INVALID_ADMIN_TOKEN,
    args: [],
    message: 'Admin access token does not have the required permissions to access this project.',
  },
  CLIENT_AUTHENTICATION_REQUIRED: {
    status: 401,
    parents: PROJECT_AUTH_REQUIRED,
    args: [],
    message: 'The publishable client key must be provided.',
  },
  SERVER_AUTHENTICATION_REQUIRED: {
    status: 401,
    parents: PROJECT_AUTH_REQUIRED,
    args: [],
    message: 'The secret server key must be provided.',
  },
  CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED: {
    status: 401,
    parents: PROJECT_AUTH_REQUIRED,
    args: [],
    message: 'Either the publishable client key or the secret server key must be provided.',
  },
  CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED: {
    status: 401,
    parents: PROJECT_AUTH_REQUIRED,
    args: [],
    message: 'Either the publishable client key or the super secret admin key must be provided.',
  },
  CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED: {
    status: 401,
    parents: PROJECT_AUTH_REQUIRED,
    args: [],
    message: 'Either the publishable client key, the secret server key, or the super secret admin key must be provided.',
  },
  ADMIN_AUTHENTICATION_REQUIRED: {
    status: 401,
    parents: PROJECT_AUTH_REQUIRED,
    args: [],
    message: 'The super secret admin key must be provided.',
  },
  EXPECTED_INTERNAL_PROJECT: {
    status: 401,
    parents: PROJECT_AUTH,
    args: [],
    message: 'The project ID is expected to be internal.',
  },
  UNPARSABLE_ACCESS_TOKEN: {
    status: 401,
    parents: INVALID_TOKEN,
    args: [],
    message: 'Access token is not parsable.',
  },
  ACCESS_TOKEN_EXPIRED: {
    status: 401,
    parents: INVALID_TOKEN,
    args: [EXPIRY],
    message: 'Access token has expired. Please refresh it and try again. (The access token expired at 2025-02-03T04:05:06.789Z.)',
    details: { expired_at_millis: null },
    sdkMessage: 'Access token has expired. Please refresh it and try again.',
  },
  INVALID_PROJECT_FOR_ACCESS_TOKEN: {
    status: 401,
    parents: INVALID_TOKEN,
    args: [],
    message: 'Access token not valid for this project.',
  },
  PROVIDER_REJECTED: {
    status: 401,
    parents: REFRESH,
    args: [],
    message:
      'The provider refused to refresh their token. This usually means that the provider used to authenticate the user no longer regards this session as valid, and the user must re-authenticate.',
  },
  REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED: {
    status: 401,
    parents: REFRESH,
    args: [],
    message: 'Refresh token not found for this project, or the session has expired/been revoked.',
  },
  USER_EMAIL_ALREADY_EXISTS: { status: 409, parents: [], args: [], message: 'User email already exists.' },
  USER_ID_DOES_NOT_EXIST: {
    status: 400,
    parents: [],
    args: ['user-42'],
    message: 'The given user with the ID user-42 does not exist.',
    details: { user_id: 'user-42' },
  },
  USER_NOT_FOUND: { status: 404, parents: [], args: [], message: 'User not found.' },
  API_KEY_NOT_FOUND: { status: 404, parents: [], args: [], message: 'API key not found.' },
  PROJECT_NOT_FOUND: {
    status: 404,
    parents: [],
    args: ['proj-1'],
    message: 'Project proj-1 not found or is not accessible with the current user.',
    details: { project_id: 'proj-1' },
  },
  SIGN_UP_NOT_ENABLED: {
    status: 400,
    parents: [],
    args: [],
    message: 'Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.',
  },
  PASSWORD_AUTHENTICATION_NOT_ENABLED: {
    status: 400,
    parents: [],
    args: [],
    message: 'Password authentication is not enabled for this project.',
  },
  PASSKEY_AUTHENTICATION_NOT_ENABLED: {
    status: 400,
    parents: [],
    args: [],
    message: 'Passkey authentication is not enabled for this project.',
  },
  EMAIL_PASSWORD_MISMATCH: { status: 400, parents: [], args: [], message: 'Wrong e-mail or password.' },
  REDIRECT_URL_NOT_WHITELISTED: {
    status: 400,
    parents: [],
    args: [],
    message:
      'Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Stack Auth dashboard?',
  },
  PASSWORD_TOO_SHORT: {
    status: 400,
    parents: PASSWORD,
    args: [8],
    message: 'Password too short. Minimum length is 8.',
    details: { min_length: 8 },
  },
  PASSWORD_TOO_LONG: {
    status: 400,
    parents: PASSWORD,
    args: [70],
    message: 'Password too long. Maximum length is 70.',
    details: { maxLength: 70 },
  },
  // Abstract in Stack; authd sends it for the strength check, its message in details.
  PASSWORD_REQUIREMENTS_NOT_MET: {
    status: 400,
    parents: [],
    args: ['This password is too easy to guess.'],
    message: 'This password is too easy to guess.',
    details: { message: 'This password is too easy to guess.' },
  },
  USER_DOES_NOT_HAVE_PASSWORD: {
    status: 400,
    parents: [],
    args: [],
    message: 'This user does not have password authentication enabled.',
  },
  VERIFICATION_CODE_NOT_FOUND: {
    status: 404,
    parents: VERIFICATION,
    args: [],
    message: 'The verification code does not exist for this project.',
  },
  VERIFICATION_CODE_EXPIRED: {
    status: 400,
    parents: VERIFICATION,
    args: [],
    message: 'The verification code has expired.',
  },
  VERIFICATION_CODE_ALREADY_USED: {
    status: 409,
    parents: VERIFICATION,
    args: [],
    message: 'The verification link has already been used.',
  },
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: {
    status: 400,
    parents: VERIFICATION,
    args: [],
    message: 'The verification code nonce has reached the maximum number of attempts. This code is not valid anymore.',
  },
  PASSWORD_CONFIRMATION_MISMATCH: { status: 400, parents: [], args: [], message: 'Passwords do not match.' },
  EMAIL_ALREADY_VERIFIED: { status: 409, parents: [], args: [], message: 'The e-mail is already verified.' },
  EMAIL_NOT_ASSOCIATED_WITH_USER: {
    status: 400,
    parents: [],
    args: [],
    message: 'The e-mail is not associated with a user that could log in with that e-mail.',
  },
  EMAIL_IS_NOT_PRIMARY_EMAIL: {
    status: 400,
    parents: [],
    args: ['b@example.com', 'a@example.com'],
    message: "The given e-mail (b@example.com) must equal the user's primary e-mail (a@example.com).",
    details: { email: 'b@example.com', primary_email: 'a@example.com' },
  },
  PASSKEY_REGISTRATION_FAILED: {
    status: 400,
    parents: [],
    args: ['Failed to verify registration response'],
    message: 'Failed to verify registration response',
    details: { message: 'Failed to verify registration response' },
  },
  PASSKEY_WEBAUTHN_ERROR: {
    status: 400,
    parents: [],
    args: ['The operation was aborted.', 'ERROR_CEREMONY_ABORTED'],
    message: 'The operation was aborted.',
    details: { message: 'The operation was aborted.', code: 'ERROR_CEREMONY_ABORTED' },
  },
  PASSKEY_AUTHENTICATION_FAILED: {
    status: 400,
    parents: [],
    args: ['Passkey not found'],
    message: 'Passkey not found',
    details: { message: 'Passkey not found' },
  },
  PERMISSION_NOT_FOUND: {
    status: 404,
    parents: [],
    args: ['read_secrets'],
    message: 'Permission "read_secrets" not found. Make sure you created it on the dashboard.',
    details: { permission_id: 'read_secrets' },
  },
  CONTAINED_PERMISSION_NOT_FOUND: {
    status: 400,
    parents: [],
    args: ['read_secrets'],
    message: 'Contained permission with ID "read_secrets" not found. Make sure you created it on the dashboard.',
    details: { permission_id: 'read_secrets' },
  },
  TEAM_NOT_FOUND: {
    status: 404,
    parents: [],
    args: ['team-7'],
    message: 'Team team-7 not found.',
    details: { team_id: 'team-7' },
  },
  TEAM_MEMBERSHIP_NOT_FOUND: {
    status: 404,
    parents: [],
    args: ['team-7', 'user-42'],
    message: 'User user-42 is not found in team team-7.',
    details: { team_id: 'team-7', user_id: 'user-42' },
  },
  EMAIL_TEMPLATE_ALREADY_EXISTS: { status: 409, parents: [], args: [], message: 'Email template already exists.' },
  OAUTH_CONNECTION_NOT_CONNECTED_TO_USER: {
    status: 400,
    parents: [],
    args: [],
    message: 'The OAuth connection is not connected to any user.',
  },
  OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: {
    status: 409,
    parents: [],
    args: [],
    message: 'The OAuth connection is already connected to another user.',
  },
  OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: {
    status: 400,
    parents: [],
    args: [],
    message: 'The OAuth connection does not have the required scope.',
  },
  OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: {
    status: 400,
    parents: [],
    args: [],
    message:
      'Extra scopes are not available with shared OAuth keys. Please add your own OAuth keys on the Stack dashboard to use extra scopes.',
  },
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: {
    status: 400,
    parents: [],
    args: [],
    message:
      'Access tokens are not available with shared OAuth keys. Please add your own OAuth keys on the Stack dashboard to use access tokens.',
  },
  INVALID_OAUTH_CLIENT_ID_OR_SECRET: {
    status: 400,
    parents: [],
    args: ['proj-1'],
    message:
      'The OAuth client ID or secret is invalid. The client ID must be equal to the project ID, and the client secret must be a publishable client key.',
    details: { client_id: 'proj-1' },
  },
  INVALID_SCOPE: {
    status: 400,
    parents: [],
    args: ['email'],
    message: 'The scope "email" is not a valid OAuth scope for Stack.',
    details: { scope: 'email' },
  },
  USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION: {
    status: 409,
    parents: [],
    args: [],
    message: 'The user is already connected to another OAuth account. Did you maybe selected the wrong account?',
  },
  OUTER_OAUTH_TIMEOUT: {
    status: 408,
    parents: [],
    args: [],
    message: 'The OAuth flow has timed out. Please sign in again.',
  },
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: {
    status: 400,
    parents: [],
    args: [],
    message: 'The OAuth provider is not found or not enabled.',
  },
  MULTI_FACTOR_AUTHENTICATION_REQUIRED: {
    status: 400,
    parents: [],
    args: ['attempt-123'],
    message: 'Multi-factor authentication is required for this user.',
    details: { attempt_code: 'attempt-123' },
  },
  INVALID_TOTP_CODE: { status: 400, parents: [], args: [], message: 'The TOTP code is invalid. Please try again.' },
  USER_AUTHENTICATION_REQUIRED: {
    status: 401,
    parents: [],
    args: [],
    message: 'User authentication required for this endpoint.',
  },
  TEAM_MEMBERSHIP_ALREADY_EXISTS: { status: 409, parents: [], args: [], message: 'Team membership already exists.' },
  TEAM_INVITATION_EMAIL_MISMATCH: {
    status: 403,
    parents: [],
    args: ['Invited@example.com'],
    message:
      'This team invitation was sent to Invited@example.com. Only an account that has verified that address can accept it.',
    details: { recipient_email: 'Invited@example.com' },
  },
  TEAM_PERMISSION_REQUIRED: {
    status: 401,
    parents: [],
    args: ['team-7', 'user-42', '$update_team'],
    message: 'User user-42 does not have permission $update_team in team team-7.',
    details: { team_id: 'team-7', user_id: 'user-42', permission_id: '$update_team' },
  },
  INVALID_SHARED_OAUTH_PROVIDER_ID: {
    status: 400,
    parents: [],
    args: ['myspace'],
    message: 'The shared OAuth provider with ID myspace is not valid.',
    details: { provider_id: 'myspace' },
  },
  INVALID_STANDARD_OAUTH_PROVIDER_ID: {
    status: 400,
    parents: [],
    args: ['myspace'],
    message: 'The standard OAuth provider with ID myspace is not valid.',
    details: { provider_id: 'myspace' },
  },
  INVALID_AUTHORIZATION_CODE: {
    status: 400,
    parents: [],
    args: [],
    message: 'The given authorization code is invalid.',
  },
  TEAM_PERMISSION_NOT_FOUND: {
    status: 401,
    parents: [],
    args: ['team-7', 'user-42', '$read_members'],
    message: 'User user-42 does not have permission $read_members in team team-7.',
    details: { team_id: 'team-7', user_id: 'user-42', permission_id: '$read_members' },
  },
  OAUTH_PROVIDER_ACCESS_DENIED: {
    status: 400,
    parents: [],
    args: [],
    message: 'The OAuth provider denied access to the user.',
  },
  CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: {
    status: 409,
    parents: [],
    args: ['email'],
    message: 'This email is already used for authentication by another account.',
    details: { type: 'email' },
  },
  RECENT_AUTHENTICATION_REQUIRED: {
    status: 403,
    parents: [],
    args: [10],
    message: 'Confirm it is you first: this change needs a password, authenticator code or passkey given in the last 10 minutes.',
    details: { window_minutes: 10 },
  },
  USER_BANNED: {
    status: 403,
    parents: [],
    args: [Date.UTC(2030, 0, 2)],
    message: 'This account has been suspended until 2030-01-02T00:00:00.000Z. Contact the support of this app.',
    details: { banned_until_millis: Date.UTC(2030, 0, 2) },
  },
  IMPERSONATION_FORBIDS_THIS: {
    status: 403,
    parents: [],
    args: [],
    message: 'This is an impersonation session: passwords, multi-factor authentication and passkeys cannot be changed in it.',
  },
};

/**
 * authd's own codes, for rules Stack lacks (a project's opt-in invitation match, recent
 * re-authentication before sensitive changes). The SDK does not know them: it throws a plain Error naming the code and message instead of a KnownError.
 */
const authdOnlyCodes = new Set<string>([
  'TEAM_INVITATION_EMAIL_MISMATCH',
  'RECENT_AUTHENTICATION_REQUIRED',
  'USER_BANNED',
  'IMPERSONATION_FORBIDS_THIS',
]);

type AnyRow = Omit<Row<ConcreteKnownErrorCode>, 'args'> & { args: readonly unknown[] };
const concreteEntries = Object.entries(concreteRows) as [ConcreteKnownErrorCode, AnyRow][];
const abstractEntries = Object.entries(abstractRows) as [AbstractCode, readonly string[]][];
const allTableCodes = [...concreteEntries.map(([c]) => c), ...abstractEntries.map(([c]) => c)];

// The table's rows are heterogeneous; the typed rows above already tie each args tuple to its code.
const raise = knownError as unknown as (code: string, ...args: readonly unknown[]) => KnownError;

type SdkClass = { errorCode: string; prototype: object };
const sdkClasses = new Map<string, SdkClass>((Object.values(SdkKnownErrors) as SdkClass[]).map((cls) => [cls.errorCode, cls]));

function sdkClass(code: string): SdkClass {
  const cls = sdkClasses.get(code);
  if (!cls) throw new Error(`the SDK has no class for ${code}`);
  return cls;
}

/** The SDK's families for a class, read off its prototype chain, nearest first. */
function sdkAncestors(code: string): string[] {
  const chain: string[] = [];
  for (let cls = Object.getPrototypeOf(sdkClass(code)); cls !== SdkKnownError; cls = Object.getPrototypeOf(cls)) {
    chain.push((cls as SdkClass).errorCode);
  }
  return chain;
}

/** What the SDK's HTTP layer hands to `fromJson` after reading our response body. */
function asSdkJson(body: ReturnType<KnownError['toJSON']>): SdkKnownErrorJson {
  return { code: body.code, message: body.error, details: body.details as SdkKnownErrorJson['details'] };
}

describe('catalogue coverage', () => {
  test("the module lists exactly Stack's known-error codes", () => {
    expect([...knownErrorCodes].sort()).toEqual([...allTableCodes].sort());
    expect(knownErrorCodes.length).toBe(new Set(knownErrorCodes).size);
  });

  test("the expected codes are exactly the SDK's registry and authd's own, which lacks TEAM_ALREADY_EXISTS", () => {
    expect([...sdkClasses.keys(), ...authdOnlyCodes].sort()).toEqual([...allTableCodes].sort());
    for (const code of authdOnlyCodes) expect(sdkClasses.has(code)).toBe(false);
    // Why we never emit it: the SDK would answer "Unknown KnownError code".
    expect(sdkClasses.has('TEAM_ALREADY_EXISTS')).toBe(false);
    expect(isKnownErrorCode('TEAM_ALREADY_EXISTS')).toBe(false);
    const body = { code: 'TEAM_ALREADY_EXISTS', message: 'Team t already exists.', details: { team_id: 't' } };
    expect(() => SdkKnownError.fromJson(body)).toThrow('Unknown KnownError code');
  });

  test('isKnownErrorCode recognises catalogue codes only', () => {
    expect(isKnownErrorCode('PROJECT_NOT_FOUND')).toBe(true);
    expect(isKnownErrorCode('VERIFICATION_ERROR')).toBe(true);
    expect(isKnownErrorCode('TEAM_ALREADY_EXISTS')).toBe(false);
    expect(isKnownErrorCode('toString')).toBe(false);
    expect(isKnownErrorCode('project_not_found')).toBe(false);
    expect(isKnownErrorCode('')).toBe(false);
  });
});

describe('concrete codes', () => {
  for (const [code, row] of concreteEntries) {
    test(code, () => {
      const entry = knownErrorCatalogue[code];
      expect(entry.abstract).toBe(false);
      expect(entry.parents).toEqual(row.parents);

      const err = raise(code, ...row.args);
      expect(err).toBeInstanceOf(KnownError);
      expect(err).toBeInstanceOf(Error);
      expect(err.code).toBe(code);
      expect(err.status).toBe(row.status);
      expect(err.message).toBe(row.message);
      expect(err.details).toStrictEqual(row.details);

      const body = err.toJSON();
      if (row.details === undefined) {
        expect(body).toStrictEqual({ code, error: row.message });
        expect(Object.keys(body)).toEqual(['code', 'error']);
      } else {
        expect(body).toStrictEqual({ code, details: row.details, error: row.message });
        expect(Object.keys(body)).toEqual(['code', 'details', 'error']);
      }
      // What actually goes over the wire must survive JSON unchanged.
      expect(JSON.parse(JSON.stringify(err))).toStrictEqual(body);
    });
  }
});

describe('abstract codes', () => {
  for (const [code, parents] of abstractEntries) {
    test(code, () => {
      const entry = knownErrorCatalogue[code];
      expect(entry.abstract).toBe(true);
      expect(entry.parents).toEqual(parents);
      expect('status' in entry).toBe(false);
      expect(() => raise(code)).toThrow(`${code} is an abstract known-error family`);
      // The SDK knows it as a family with the same ancestry.
      expect(sdkAncestors(code)).toEqual([...parents]);
    });
  }

  test('knownError refuses abstract codes at type level', () => {
    // @ts-expect-error abstract families cannot be raised
    expect(() => knownError('INVALID_ACCESS_TOKEN')).toThrow(TypeError);
  });
});

// Stack has no concrete code that stays unparseable once it carries our details (the
// "not emitted" ones parse fine, they are just never sent), so no code is exempt here.
describe('the SDK parses our bodies', () => {
  for (const [code, row] of concreteEntries) {
    if (authdOnlyCodes.has(code)) {
      test(`${code} (authd's own): a plain Error carrying the code and message`, () => {
        expect(() => SdkKnownError.fromJson(asSdkJson(raise(code, ...row.args).toJSON()))).toThrow(`${code}: ${row.message}`);
      });
      continue;
    }
    test(code, () => {
      const parsed = SdkKnownError.fromJson(asSdkJson(raise(code, ...row.args).toJSON()));
      expect(parsed).toBeInstanceOf(sdkClass(code) as unknown as new () => object);
      for (const family of row.parents) {
        expect(parsed).toBeInstanceOf(sdkClass(family) as unknown as new () => object);
      }
      expect(sdkAncestors(code)).toEqual([...row.parents]);
      // The SDK rebuilds status and message from `details` alone; equality proves the details suffice.
      expect(parsed.statusCode).toBe(row.status);
      expect(parsed.humanReadableMessage).toBe(row.sdkMessage ?? row.message);
    });
  }

  test('a numeric expired_at_millis would break the SDK, which is why we always send null', () => {
    const body = { code: 'ACCESS_TOKEN_EXPIRED', message: 'x', details: { expired_at_millis: EXPIRY.getTime() } };
    expect(() => SdkKnownError.fromJson(body)).toThrow(TypeError);
  });
});

describe('is()', () => {
  for (const [code, row] of concreteEntries) {
    test(code, () => {
      const err = raise(code, ...row.args);
      for (const other of allTableCodes) {
        expect([other, err.is(other)]).toEqual([other, other === code || row.parents.includes(other)]);
      }
      const unrelated = code === 'USER_NOT_FOUND' ? 'TEAM_NOT_FOUND' : 'USER_NOT_FOUND';
      expect(err.is(unrelated)).toBe(false);
    });
  }
});

describe('builder variants', () => {
  test('expired-token messages omit the instant when none is given', () => {
    const access = knownError('ACCESS_TOKEN_EXPIRED');
    expect(access.message).toBe('Access token has expired. Please refresh it and try again.');
    expect(access.details).toStrictEqual({ expired_at_millis: null });
    const admin = knownError('ADMIN_ACCESS_TOKEN_EXPIRED');
    expect(admin.message).toBe('Admin access token has expired. Please refresh it and try again.');
    expect(admin.details).toStrictEqual({ expired_at_millis: null });
  });

  test("INSUFFICIENT_ACCESS_TYPE joins every alternative with ' or ', as Stack does", () => {
    expect(knownError('INSUFFICIENT_ACCESS_TYPE', 'client', ['admin']).message).toBe(
      "The x-stack-access-type header must be 'admin', but was 'client'.",
    );
    expect(knownError('INSUFFICIENT_ACCESS_TYPE', 'none', ['client', 'server', 'admin']).message).toBe(
      "The x-stack-access-type header must be 'client' or 'server' or 'admin', but was 'none'.",
    );
  });

  test('INVALID_OAUTH_CLIENT_ID_OR_SECRET sends a null client_id when there was none', () => {
    const err = knownError('INVALID_OAUTH_CLIENT_ID_OR_SECRET', null);
    expect(err.details).toStrictEqual({ client_id: null });
    expect(SdkKnownError.fromJson(asSdkJson(err.toJSON()))).toBeInstanceOf(SdkKnownErrors.InvalidOAuthClientIdOrSecret);
  });

  test('builders reject missing arguments at type level', () => {
    // @ts-expect-error TEAM_MEMBERSHIP_NOT_FOUND needs a team id and a user id
    const err = knownError('TEAM_MEMBERSHIP_NOT_FOUND', 'team-7');
    expect(err.details).toStrictEqual({ team_id: 'team-7', user_id: undefined });
  });
});

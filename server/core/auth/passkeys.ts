// Passkeys (WebAuthn): a signed-in user registers one, anyone signs in with one. The initiate
// endpoints hand out options with a fresh challenge kept in a 65-second verification code;
// register / sign-in consume the code and verify with @simplewebauthn/server. The RP id is the
// page's hostname, which the SDK substitutes for a sentinel, so the server learns it from the
// origin inside the signed client data and accepts only a localhost origin (while the project
// allows localhost) or exactly a trusted domain's origin.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { loadVendorModule } from '../../vendor/load-vendor';
import { and, count as countRows, eq } from 'drizzle-orm';
import { passkeys, projectDomains } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import { isLocalhostName } from '../../protocol/localhost-names';
import { requireProject } from '../projects/projects';
import type { Context } from '../storage/context';
import { requireUserRow } from '../storage/user-queries';
import { writeTransaction } from '../storage/transactions';
import { readUserServerView } from '../users/user-views';
import { completeSignIn, type SignInResult } from './sign-in-completion';
import { consumeVerificationCode, createVerificationCode } from '../credentials/verification-codes';
import { consumeRateLimit, type RequestOrigin } from '../credentials/rate-limits';
import { recordAuditEvent } from '../audit/audit-log';
import { firstRow } from '../storage/query-results';

/** The SDK refuses options whose RP id is anything else, and puts the page's hostname in its place. */
export const sentinelRpId = 'THIS_VALUE_WILL_BE_REPLACED.example.com';
const ceremonyTimeoutMillis = 60_000;

interface ChallengeData {
  challenge: string;
  user_id?: string;
}

async function requirePasskeysEnabled(ctx: Context, projectId: string) {
  const project = await requireProject(ctx, projectId);
  if (!project.passkeyEnabled) throw knownError('PASSKEY_AUTHENTICATION_NOT_ENABLED');
  return project;
}

/** The credential's origin as the browser signed it into the client data. */
function originOfClientData(clientDataJSON: unknown): string | undefined {
  if (typeof clientDataJSON !== 'string') return undefined;
  try {
    const clientData = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { origin?: unknown };
    return typeof clientData.origin === 'string' ? clientData.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origin the ceremony ran at, if the project accepts it, and the RP id that goes with it.
 * Trusted domains are compared as whole origins: another port or scheme is another site.
 */
async function acceptedOrigin(ctx: Context, projectId: string, clientDataJSON: unknown): Promise<{ origin: string; rpId: string } | undefined> {
  const claimed = originOfClientData(clientDataJSON);
  if (!claimed) return undefined;
  let url: URL;
  try {
    url = new URL(claimed);
  } catch {
    return undefined;
  }
  if (url.origin !== claimed) return undefined;
  const project = await requireProject(ctx, projectId);
  if (project.allowLocalhost && isLocalhostName(url.hostname)) return { origin: claimed, rpId: url.hostname };
  const trusted = (
    await ctx.db.select({ domain: projectDomains.domain }).from(projectDomains).where(eq(projectDomains.projectId, projectId))
  ).some(({ domain }) => URL.canParse(domain) && new URL(domain).origin === claimed);
  return trusted ? { origin: claimed, rpId: url.hostname } : undefined;
}

async function userPasskeys(ctx: Context, userId: string) {
  return await ctx.db.select().from(passkeys).where(eq(passkeys.userId, userId));
}

export async function initiatePasskeyRegistration(
  ctx: Context,
  projectId: string,
  userId: string,
): Promise<{ options_json: unknown; code: string }> {
  const project = await requirePasskeysEnabled(ctx, projectId);
  const user = await readUserServerView(ctx, projectId, userId);
  const { generateRegistrationOptions } = await loadVendorModule('webauthn');
  const options = await generateRegistrationOptions({
    rpName: project.displayName,
    rpID: sentinelRpId,
    userName: user.primary_email ?? user.display_name ?? user.id,
    userDisplayName: user.display_name ?? user.primary_email ?? '',
    userID: new TextEncoder().encode(user.id),
    timeout: ceremonyTimeoutMillis,
    attestationType: 'none',
    // An authenticator that already holds a passkey of this user is not asked for a second one.
    excludeCredentials: (await userPasskeys(ctx, userId)).map((p) => ({ id: p.credentialId })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const data: ChallengeData = { challenge: options.challenge, user_id: userId };
  const code = await createVerificationCode(ctx, ctx.db, projectId, 'passkey_registration', { ...data });
  return { options_json: options, code };
}

/**
 * Verifies the attestation and stores the public key. The code is consumed first, so a failed
 * verification still uses it up (one challenge, one try). Registering adds a passkey; a user may
 * hold several, each with a name.
 */
export async function registerPasskey(
  ctx: Context,
  projectId: string,
  userId: string,
  input: { credential: unknown; code: string; name?: string },
): Promise<{ user_handle: string }> {
  await requirePasskeysEnabled(ctx, projectId);
  const data = await consumeVerificationCode(ctx, projectId, 'passkey_registration', input.code, (_tx, d) => d) as unknown as ChallengeData;
  if (data.user_id !== userId) throw knownError('PASSKEY_REGISTRATION_FAILED', 'The registration was started by another user.');
  const credential = input.credential as RegistrationResponseJSON;
  const accepted = await acceptedOrigin(ctx, projectId, credential?.response?.clientDataJSON);
  if (!accepted) throw knownError('PASSKEY_AUTHENTICATION_FAILED', 'The passkey was created on a site this project does not trust.');
  const { verifyRegistrationResponse } = await loadVendorModule('webauthn');
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: data.challenge,
      expectedOrigin: accepted.origin,
      expectedRPID: accepted.rpId,
      requireUserVerification: false,
    });
  } catch {
    throw knownError('PASSKEY_REGISTRATION_FAILED', 'The passkey could not be verified.');
  }
  if (!verification.verified) throw knownError('PASSKEY_REGISTRATION_FAILED', 'The passkey could not be verified.');
  const { credential: verified } = verification.registrationInfo;
  const userHandle = Buffer.from(userId, 'utf8').toString('base64url');
  await writeTransaction(ctx, async (tx) => {
    await requireUserRow(tx, projectId, userId);
    const taken = firstRow(
      await tx
        .select({ id: passkeys.id })
        .from(passkeys)
        .where(and(eq(passkeys.projectId, projectId), eq(passkeys.credentialId, verified.id)))
        .limit(1),
    );
    if (taken) throw knownError('PASSKEY_REGISTRATION_FAILED', 'This passkey is already registered.');
    const count =
      firstRow(
        await tx
          .select({ n: countRows() })
          .from(passkeys)
          .where(eq(passkeys.userId, userId))
          .limit(1),
      )?.n ?? 0;
    const name = input.name?.trim() || `Passkey ${count + 1}`;
    await tx.insert(passkeys).values({
      id: crypto.randomUUID(),
      projectId,
      userId,
      credentialId: verified.id,
      publicKeyBase64Url: Buffer.from(verified.publicKey).toString('base64url'),
      signCount: verified.counter,
      userHandle,
      transports: verified.transports ?? null,
      name,
      rpId: accepted.rpId,
      createdAt: ctx.clock.now(),
    });
    await recordAuditEvent(ctx, { projectId, type: 'passkey.added', userId, details: { name } });
  });
  return { user_handle: userHandle };
}

export async function initiatePasskeyAuthentication(
  ctx: Context,
  projectId: string,
  origin: RequestOrigin,
): Promise<{ options_json: unknown; code: string }> {
  await requirePasskeysEnabled(ctx, projectId);
  // Needs only the public client key, and writes a row: limited like the other unauthenticated writers.
  await consumeRateLimit(ctx, 'passkeyChallengePerIp', projectId, origin.ip);
  // Empty allowCredentials: the browser offers the passkeys it holds for the site (discoverable).
  const { generateAuthenticationOptions } = await loadVendorModule('webauthn');
  const options = await generateAuthenticationOptions({
    rpID: sentinelRpId,
    timeout: ceremonyTimeoutMillis,
    userVerification: 'preferred',
  });
  // Stack sends the empty list explicitly; the library leaves the field out when it is empty.
  const optionsJson = { ...options, allowCredentials: options.allowCredentials ?? [] };
  const data: ChallengeData = { challenge: options.challenge };
  const code = await createVerificationCode(ctx, ctx.db, projectId, 'passkey_authentication', { ...data });
  return { options_json: optionsJson, code };
}

export interface PasskeySignInResult extends SignInResult {
  is_new_user: boolean;
}

/**
 * Verifies the assertion against the stored public key and signature counter, then ends like
 * every sign-in: a session, or the MFA challenge for a user with TOTP.
 */
export async function signInWithPasskey(
  ctx: Context,
  projectId: string,
  input: { authentication_response: unknown; code: string },
): Promise<PasskeySignInResult> {
  const user = await requireUserRow(ctx.db, projectId, await verifyPasskeyAssertion(ctx, projectId, input));
  const result = await completeSignIn(ctx, projectId, user, { method: 'passkey' });
  return { ...result, is_new_user: false };
}

/**
 * An assertion answering a challenge from initiatePasskeyAuthentication, checked against the
 * stored passkey and its signature counter (which it moves on): returns the passkey's user.
 * Sign-in and reauthentication (recent-authentication.ts) both rest on it.
 */
export async function verifyPasskeyAssertion(
  ctx: Context,
  projectId: string,
  input: { authentication_response: unknown; code: string },
): Promise<string> {
  await requirePasskeysEnabled(ctx, projectId);
  const data = await consumeVerificationCode(ctx, projectId, 'passkey_authentication', input.code, (_tx, d) => d) as unknown as ChallengeData;
  const response = input.authentication_response as AuthenticationResponseJSON;
  const failed = (why: string) => knownError('PASSKEY_AUTHENTICATION_FAILED', why);
  const accepted = await acceptedOrigin(ctx, projectId, response?.response?.clientDataJSON);
  if (!accepted) throw failed('The passkey was used on a site this project does not trust.');
  const stored =
    typeof response?.id === 'string'
      ? firstRow(
          await ctx.db
            .select()
            .from(passkeys)
            .where(and(eq(passkeys.projectId, projectId), eq(passkeys.credentialId, response.id)))
            .limit(1),
        )
      : undefined;
  if (!stored) throw failed('This passkey is not registered.');
  if (stored.rpId !== accepted.rpId) throw failed('This passkey was registered for another site.');
  const { verifyAuthenticationResponse } = await loadVendorModule('webauthn');
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: data.challenge,
      expectedOrigin: accepted.origin,
      expectedRPID: accepted.rpId,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(Buffer.from(stored.publicKeyBase64Url, 'base64url')),
        counter: stored.signCount,
      },
      requireUserVerification: false,
    });
  } catch {
    // Includes a counter that did not grow: a replayed assertion or a cloned authenticator.
    throw failed('The passkey could not be verified.');
  }
  if (!verification.verified) throw failed('The passkey could not be verified.');
  const updated = await writeTransaction(
    ctx,
    async (tx) =>
      await tx
        .update(passkeys)
        .set({ signCount: verification.authenticationInfo.newCounter, lastUsedAt: ctx.clock.now() })
        // Only if no other sign-in moved the counter meanwhile: two racing copies of one assertion get one session.
        .where(and(eq(passkeys.id, stored.id), eq(passkeys.signCount, stored.signCount)))
        .returning({ id: passkeys.id }),
  );
  if (updated.length === 0) throw failed('The passkey could not be verified.');
  return stored.userId;
}

// Team invitations: an emailed verification code of kind `team_invitation` whose row
// id is the invitation's id and whose data names the team and the invited address.
import { emailAddressKey } from '../../protocol/email-address-key';
import { requireProject } from '../projects/projects';
import { and, eq } from 'drizzle-orm';
import { contactChannels, verificationCodes } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { TeamInvitationView } from '../../protocol/team-schemas';
import type { Context } from '../storage/context';
import { queueTemplatedEmail } from '../email/email-templates';
import { sendCodeByEmail } from '../email/code-emails';
import type { RequestOrigin } from '../credentials/rate-limits';
import type { TeamCaller } from './team-callers';
import { authorizeTeamCaller } from './team-permissions';
import { findMembership, requireTeamRow } from '../storage/team-queries';
import { insertMembership } from './team-memberships';
import { writeTransaction, type DbWriter } from '../storage/transactions';
import { linkWithCode } from '../projects/trusted-urls';
import { findUserByAuthEmail } from '../storage/user-queries';
import { checkVerificationCode, consumeVerificationCode, createVerificationCode } from '../credentials/verification-codes';
import { jsonTextField } from '../storage/dialect-sql';

interface InvitationData {
  team_id: string;
  email: string;
}

/**
 * Emails an invitation link. An address that already signs in to the project gets the team
 * invitation template; any other gets the sign-in invitation, which asks them to sign up first.
 */
export async function sendTeamInvitation(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  input: { team_id: string; email: string; callback_url: string },
  origin: RequestOrigin,
): Promise<{ id: string }> {
  await authorizeTeamCaller(ctx.db, projectId, caller, input.team_id, '$invite_members');
  await requireTeamRow(ctx.db, projectId, input.team_id);
  const request = { recipient: input.email, callbackUrl: input.callback_url, origin };
  return await sendCodeByEmail(ctx, projectId, request, async (tx) => {
    const team = await requireTeamRow(tx, projectId, input.team_id);
    const id = crypto.randomUUID();
    const data: InvitationData = { team_id: team.id, email: input.email };
    const code = await createVerificationCode(ctx, tx, projectId, 'team_invitation', { ...data }, id);
    const invitee = await findUserByAuthEmail(ctx, projectId, input.email);
    await queueTemplatedEmail(ctx, tx, projectId, invitee ? 'team_invitation' : 'sign_in_invitation', input.email, {
      userDisplayName: invitee?.displayName ?? input.email,
      teamDisplayName: team.displayName,
      teamInvitationLink: linkWithCode(input.callback_url, code),
    });
    return { id };
  });
}

/** The invitations of a team, used, expired or pending. */
function invitationsOfTeam(projectId: string, teamId: string) {
  return and(
    eq(verificationCodes.projectId, projectId),
    eq(verificationCodes.kind, 'team_invitation'),
    eq(jsonTextField(verificationCodes.data, 'team_id'), teamId),
  );
}

/** Invitations of the team not yet used nor expired, oldest first. */
export async function listTeamInvitations(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  teamId: string,
): Promise<TeamInvitationView[]> {
  await authorizeTeamCaller(ctx.db, projectId, caller, teamId, '$read_members', '$invite_members');
  await requireTeamRow(ctx.db, projectId, teamId);
  const now = ctx.clock.now();
  return (
    await ctx.db.select().from(verificationCodes).where(invitationsOfTeam(projectId, teamId)).orderBy(verificationCodes.createdAt)
  )
    .filter((row) => row.usedAt === null && row.expiresAt > now)
    .map((row) => ({
      id: row.id,
      team_id: teamId,
      expires_at_millis: row.expiresAt,
      recipient_email: (row.data as unknown as InvitationData).email,
    }));
}

/** Withdraws an invitation, whose link then answers VERIFICATION_CODE_NOT_FOUND. */
export async function revokeTeamInvitation(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  teamId: string,
  invitationId: string,
): Promise<void> {
  await writeTransaction(ctx, async (tx) => {
    await authorizeTeamCaller(tx, projectId, caller, teamId, '$remove_members');
    await requireTeamRow(tx, projectId, teamId);
    const deleted = await tx
      .delete(verificationCodes)
      .where(and(invitationsOfTeam(projectId, teamId), eq(verificationCodes.id, invitationId)))
      .returning({ id: verificationCodes.id });
    if (deleted.length === 0) throw plainTextError('TEAM_INVITATION_NOT_FOUND');
  });
}

/** Withdraws every invitation of a team, as its deletion does. */
export async function withdrawTeamInvitations(db: DbWriter, projectId: string, teamId: string): Promise<void> {
  await db.delete(verificationCodes).where(invitationsOfTeam(projectId, teamId));
}

export async function checkTeamInvitationCode(ctx: Context, projectId: string, code: string): Promise<void> {
  await checkVerificationCode(ctx, projectId, 'team_invitation', code);
}

/**
 * Whether the user has the invited address (compared by key), or, with `verifiedOnly`, has it
 * verified: an unverified address could have been added by whoever holds a forwarded link, so
 * only a verified one proves the account is the invitee's.
 */
async function holdsInvitedAddress(db: DbWriter, userId: string, email: string, verifiedOnly: boolean): Promise<boolean> {
  const rows = await db
    .select({ id: contactChannels.id })
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.userId, userId),
        eq(contactChannels.type, 'email'),
        eq(contactChannels.valueKey, emailAddressKey(email)),
        verifiedOnly ? eq(contactChannels.isVerified, true) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export interface TeamInvitationDetails {
  team_id: string;
  team_display_name: string;
  /** authd addition: the address the invitation was sent to, for the page to show. */
  recipient_email: string;
  /** authd addition: whether the signed-in user has that address (verified or not). */
  recipient_email_is_users: boolean;
}

/**
 * The team an invitation leads to and whom it was sent to, for the page that asks "Join <team>?"
 * and warns when the signed-in account is not the invited address's.
 */
export async function readTeamInvitationDetails(
  ctx: Context,
  projectId: string,
  code: string,
  userId: string | null,
): Promise<TeamInvitationDetails> {
  const data = (await checkVerificationCode(ctx, projectId, 'team_invitation', code)) as unknown as InvitationData;
  if (userId === null) throw knownError('USER_AUTHENTICATION_REQUIRED');
  const team = await requireTeamRow(ctx.db, projectId, data.team_id);
  return {
    team_id: team.id,
    team_display_name: team.displayName,
    recipient_email: data.email,
    recipient_email_is_users: await holdsInvitedAddress(ctx.db, userId, data.email, false),
  };
}

/**
 * Joins the invited team as a member with the member default permissions (nothing changes for
 * someone already in it). The user is checked before the code is used, unlike Stack, so opening
 * the link while signed out does not spend it.
 */
export async function acceptTeamInvitation(ctx: Context, projectId: string, code: string, userId: string | null): Promise<void> {
  if (userId === null) {
    await checkVerificationCode(ctx, projectId, 'team_invitation', code);
    throw knownError('USER_AUTHENTICATION_REQUIRED');
  }
  const project = await requireProject(ctx, projectId);
  await consumeVerificationCode(ctx, projectId, 'team_invitation', code, async (tx, data) => {
    const { team_id: teamId, email } = data as unknown as InvitationData;
    // Refused inside the code's transaction, so the link stays usable by the invited account.
    if (project.teamInvitationRequiresMatchingEmail && !(await holdsInvitedAddress(tx, userId, email, true)))
      throw knownError('TEAM_INVITATION_EMAIL_MISMATCH', email);
    await requireTeamRow(tx, projectId, teamId);
    if (!(await findMembership(tx, projectId, teamId, userId)))
      await insertMembership(ctx, tx, projectId, teamId, userId, 'team_member');
  });
}

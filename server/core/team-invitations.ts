// Team invitations (wire §5.9): an emailed verification code of kind `team_invitation` whose row
// id is the invitation's id and whose data names the team and the invited address.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { verificationCodes } from '../../db/schema';
import { resolveEmailTransport } from '../email/email-queue';
import { knownError } from '../protocol/known-errors';
import { StatusError } from '../protocol/status-error';
import type { TeamInvitationView } from '../protocol/team-schemas';
import type { Context } from './context';
import { queueTemplatedEmail } from './email-templates';
import { consumeRateLimit, type RequestOrigin } from './rate-limits';
import { findMembership, insertMembership, requireMembership, requireTeamRow, type TeamCaller } from './teams';
import { requireTeamPermission } from './team-permissions';
import { writeTransaction, type DbWriter } from './transactions';
import { linkWithCode, requireTrustedUrl } from './trusted-urls';
import { findUserByAuthEmail } from './users';
import { checkVerificationCode, consumeVerificationCode, createVerificationCode } from './verification-codes';

interface InvitationData {
  team_id: string;
  email: string;
}

/** Membership and, for a client, each permission; for the server, the team's existence. */
function authorize(db: DbWriter, projectId: string, caller: TeamCaller, teamId: string, permissionIds: string[]): void {
  if (caller.kind === 'server') {
    requireTeamRow(db, projectId, teamId);
    return;
  }
  if (caller.userId === null) throw knownError('USER_AUTHENTICATION_REQUIRED');
  requireMembership(db, projectId, teamId, caller.userId);
  for (const permissionId of permissionIds) requireTeamPermission(db, projectId, teamId, caller.userId, permissionId);
}

/**
 * Emails an invitation link. An address that already signs in to the project gets the team
 * invitation template; any other gets the sign-in invitation, which asks them to sign up first.
 */
export function sendTeamInvitation(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  input: { team_id: string; email: string; callback_url: string },
  origin: RequestOrigin,
): { id: string } {
  authorize(ctx.db, projectId, caller, input.team_id, ['$invite_members']);
  requireTrustedUrl(ctx, projectId, input.callback_url);
  consumeRateLimit(ctx, 'emailSendPerIp', projectId, origin.ip);
  consumeRateLimit(ctx, 'emailSendPerAddress', projectId, input.email);
  resolveEmailTransport(ctx, ctx.db, projectId);
  return writeTransaction(ctx, (tx) => {
    const team = requireTeamRow(tx, projectId, input.team_id);
    const id = crypto.randomUUID();
    const data: InvitationData = { team_id: team.id, email: input.email };
    const code = createVerificationCode(ctx, tx, projectId, 'team_invitation', { ...data }, id);
    const invitee = findUserByAuthEmail(tx, projectId, input.email);
    queueTemplatedEmail(ctx, tx, projectId, invitee ? 'team_invitation' : 'sign_in_invitation', input.email, {
      userDisplayName: invitee?.displayName ?? input.email,
      teamDisplayName: team.displayName,
      teamInvitationLink: linkWithCode(input.callback_url, code),
    });
    return { id };
  });
}

/** Invitations of the team not yet used nor expired, oldest first. */
export function listTeamInvitations(ctx: Context, projectId: string, caller: TeamCaller, teamId: string): TeamInvitationView[] {
  authorize(ctx.db, projectId, caller, teamId, ['$read_members', '$invite_members']);
  return pendingInvitationRows(ctx.db, ctx, projectId)
    .filter((row) => (row.data as unknown as InvitationData).team_id === teamId)
    .map((row) => {
      const data = row.data as unknown as InvitationData;
      return { id: row.id, team_id: data.team_id, expires_at_millis: row.expiresAt, recipient_email: data.email };
    });
}

function pendingInvitationRows(db: DbWriter, ctx: Context, projectId: string) {
  return db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.projectId, projectId),
        eq(verificationCodes.kind, 'team_invitation'),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, ctx.clock.now()),
      ),
    )
    .orderBy(verificationCodes.createdAt)
    .all();
}

/** Withdraws an invitation, whose link then answers VERIFICATION_CODE_NOT_FOUND. */
export function revokeTeamInvitation(
  ctx: Context,
  projectId: string,
  caller: TeamCaller,
  teamId: string,
  invitationId: string,
): void {
  writeTransaction(ctx, (tx) => {
    authorize(tx, projectId, caller, teamId, ['$remove_members']);
    const row = tx
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.projectId, projectId),
          eq(verificationCodes.kind, 'team_invitation'),
          eq(verificationCodes.id, invitationId),
        ),
      )
      .get();
    if (!row || (row.data as unknown as InvitationData).team_id !== teamId)
      throw new StatusError(404, 'Team invitation not found.');
    tx.delete(verificationCodes).where(eq(verificationCodes.id, row.id)).run();
  });
}

export function checkTeamInvitationCode(ctx: Context, projectId: string, code: string): void {
  checkVerificationCode(ctx, projectId, 'team_invitation', code);
}

/** The team an invitation leads to, for the page that asks "Join <team>?". */
export function readTeamInvitationDetails(
  ctx: Context,
  projectId: string,
  code: string,
  userId: string | null,
): { team_id: string; team_display_name: string } {
  const data = checkVerificationCode(ctx, projectId, 'team_invitation', code) as unknown as InvitationData;
  if (userId === null) throw knownError('USER_AUTHENTICATION_REQUIRED');
  const team = requireTeamRow(ctx.db, projectId, data.team_id);
  return { team_id: team.id, team_display_name: team.displayName };
}

/**
 * Joins the invited team as a member with the member default permissions (nothing changes for
 * someone already in it). The user is checked before the code is used, unlike Stack, so opening
 * the link while signed out does not spend it.
 */
export function acceptTeamInvitation(ctx: Context, projectId: string, code: string, userId: string | null): void {
  if (userId === null) {
    checkVerificationCode(ctx, projectId, 'team_invitation', code);
    throw knownError('USER_AUTHENTICATION_REQUIRED');
  }
  consumeVerificationCode(ctx, projectId, 'team_invitation', code, (tx, data) => {
    const teamId = (data as unknown as InvitationData).team_id;
    requireTeamRow(tx, projectId, teamId);
    if (!findMembership(tx, projectId, teamId, userId)) insertMembership(ctx, tx, projectId, teamId, userId, 'team_member');
  });
}

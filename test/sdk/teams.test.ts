// The published @stackframe/js 2.7.23 SDK, unmodified, against a real authd and a real SMTP
// server: teams, memberships, member profiles, team permissions, permission definitions and
// invitations. Every scenario goes through the SDK's client,
// server or admin app; what the SDK returns is checked, what it sent is recorded (by wrapping
// fetch), and what the server holds afterwards is re-read over the wire without the SDK.
import { beforeAll, describe, expect, test } from 'bun:test';
import type { AdminTeamPermission, AdminTeamPermissionDefinition } from '@stackframe/js';
import { KnownError, KnownErrors } from '@stackframe/stack-shared';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { as, call, expectKnownError, makeProject, unknownUuid, uniqueEmail, uuidPattern } from '../support/api-expectations';
import { type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { codeFromEmail, type SmtpReceiver } from '../support/smtp-receiver';
import {
  adminApp,
  clientApp,
  installRecorder,
  jsonBody,
  memberIdsOf,
  only,
  permissionIdsOf,
  pngDataUrl,
  recording,
  recordingRejection,
  rejection,
  serverApp,
  serverGet,
  serverRead,
  setClientTeamCreation,
  signedInUser,
  systemPermissionIds,
  teamIdsOf,
  uninstallRecorder,
} from '../support/sdk-apps';

const testTimeout = 60_000;
const invitationCallbackUrl = 'http://localhost:3000/handler/team-invitation';
const codePattern = /^[0-9a-hjkmnp-tv-z]{45}$/;
const sevenDays = 7 * 24 * 60 * 60 * 1000;

let smtp: SmtpReceiver, t: TestInstance;

withMailInstance(
  async (started) => {
    ({ t, smtp } = started);
    installRecorder();
  },
  {
    beforeStop: async () => {
      uninstallRecorder();
    },
  },
);

/** The invitation email whose link carries `?via=<marker>`, and its code. */
async function invitationEmail(recipient: string, marker: string) {
  const email = await smtp.waitFor(recipient, (m) => m.text.includes(`via=${marker}`));
  const code = codeFromEmail(email);
  expect(code).toMatch(codePattern);
  return { email, code };
}

function marker(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}

function asDefinition(permission: AdminTeamPermission): AdminTeamPermissionDefinition {
  return permission as AdminTeamPermissionDefinition;
}

/** The details of a known error as the SDK rebuilt it. */
function detailsOf(error: unknown): unknown {
  expect(error).toBeInstanceOf(KnownError);
  return (error as KnownError).details;
}

// ---------------------------------------------------------------------------------------------

describe('StackClientApp: teams of a signed-in user (client team creation enabled)', () => {
  let project: BootstrappedProject;

  beforeAll(async () => {
    project = await makeProject(t, 'SDK client teams');
    await setClientTeamCreation(t, project, true);
  });

  test(
    'createTeam, listTeams, getTeam, creator permissions, team.update, selected team, member profile',
    async () => {
      const owner = await signedInUser(t, project, 'Owner One');
      expect((await owner.app.getProject()).config.clientTeamCreationEnabled).toBe(true);

      // createTeam: POST /teams with creator_user_id "me" and no image field.
      const created = await recording(() => owner.user.createTeam({ displayName: 'Alpha' }));
      const team = created.result;
      expect(team.id).toMatch(uuidPattern);
      expect(team.displayName).toBe('Alpha');
      expect(team.profileImageUrl).toBeNull();
      const post = only(created.requests, 'POST', '/teams');
      expect(post.status).toBe(201);
      expect(post.headers.get('x-stack-access-type')).toBe('client');
      expect(post.headers.get('x-stack-access-token')).toBe(owner.accessToken);
      expect(post.url).toBe('/api/v1/teams');
      expect(jsonBody(post)).toEqual({ display_name: 'Alpha', creator_user_id: 'me' });

      // The server holds the team, the creator as its only member, with the creator default.
      const raw = await serverRead(t, project, `/teams/${team.id}`);
      expect(raw.id).toBe(team.id);
      expect(raw.display_name).toBe('Alpha');
      expect(raw.profile_image_url).toBeNull();
      expect(raw.server_metadata).toBeNull();
      expect(typeof raw.created_at_millis).toBe('number');
      expect(await teamIdsOf(t, project, owner.id)).toEqual([team.id]);
      expect(await memberIdsOf(t, project, team.id)).toEqual([owner.id]);
      expect(await permissionIdsOf(t, project, team.id, owner.id, false)).toEqual(['admin']);

      // A client reads the client view of its teams: no server fields.
      const clientList = await call(t, 'GET', '/teams?user_id=me', { headers: as(project, 'client', owner.accessToken) });
      expect(clientList.status).toBe(200);
      expect(clientList.json.items).toHaveLength(1);
      expect(clientList.json.items[0].id).toBe(team.id);
      expect(clientList.json.items[0].server_metadata).toBeUndefined();
      expect(clientList.json.items[0].created_at_millis).toBeUndefined();

      // A second team, created with a data-URL image.
      const withImage = await owner.user.createTeam({ displayName: 'Alpha Pictured', profileImageUrl: pngDataUrl });
      expect(withImage.profileImageUrl).toBe(pngDataUrl);
      expect((await serverRead(t, project, `/teams/${withImage.id}`)).profile_image_url).toBe(pngDataUrl);

      // listTeams: GET /teams?user_id=me, oldest first; getTeam picks from that list.
      const listed = await recording(() => owner.user.listTeams());
      expect(listed.result.map((x) => [x.id, x.displayName])).toEqual([
        [team.id, 'Alpha'],
        [withImage.id, 'Alpha Pictured'],
      ]);
      expect(only(listed.requests, 'GET', '/teams').url).toBe('/api/v1/teams?user_id=me');
      expect((await owner.user.getTeam(team.id))?.displayName).toBe('Alpha');
      expect(await owner.user.getTeam(unknownUuid())).toBeNull();

      // Permissions: recursive by default (GET /team-permissions?…&recursive=true), sorted.
      const permissions = await recording(() => owner.user.listPermissions(team));
      expect(permissions.result.map((p) => p.id)).toEqual([...systemPermissionIds, 'admin']);
      const permissionRequest = only(permissions.requests, 'GET', '/team-permissions');
      expect(Object.fromEntries(permissionRequest.query)).toEqual({ team_id: team.id, user_id: 'me', recursive: 'true' });
      const direct = await recording(() => owner.user.listPermissions(team, { recursive: false }));
      expect(direct.result.map((p) => p.id)).toEqual(['admin']);
      expect(only(direct.requests, 'GET', '/team-permissions').query.get('recursive')).toBe('false');
      expect(await owner.user.hasPermission(team, '$update_team')).toBe(true);
      expect(await owner.user.hasPermission(team, '$delete_team')).toBe(true);
      expect(await owner.user.hasPermission(team, 'member')).toBe(false);
      expect((await owner.user.getPermission(team, 'admin'))?.id).toBe('admin');
      expect(await permissionIdsOf(t, project, team.id, owner.id, true)).toEqual([...systemPermissionIds, 'admin']);

      // team.update: PATCH /teams/{id} with only the fields given.
      const renamed = await recording(() => team.update({ displayName: 'Alpha Renamed', profileImageUrl: pngDataUrl }));
      const patch = only(renamed.requests, 'PATCH', `/teams/${team.id}`);
      expect(patch.status).toBe(200);
      expect(jsonBody(patch)).toEqual({ display_name: 'Alpha Renamed', profile_image_url: pngDataUrl });
      const afterRename = await owner.user.getTeam(team.id);
      expect(afterRename?.displayName).toBe('Alpha Renamed');
      expect(afterRename?.profileImageUrl).toBe(pngDataUrl);
      let stored = await serverRead(t, project, `/teams/${team.id}`);
      expect(stored.display_name).toBe('Alpha Renamed');
      expect(stored.profile_image_url).toBe(pngDataUrl);

      await team.update({ clientMetadata: { plan: 'team', seats: 3 } });
      stored = await serverRead(t, project, `/teams/${team.id}`);
      expect(stored.client_metadata).toEqual({ plan: 'team', seats: 3 });
      expect(stored.display_name).toBe('Alpha Renamed');
      expect((await owner.user.getTeam(team.id))?.clientMetadata).toEqual({ plan: 'team', seats: 3 });

      // A client may only send data-URL images: a plain URL is the text 400, thrown as such.
      const badImage = await recordingRejection(() => team.update({ profileImageUrl: 'https://example.com/team.png' }));
      expect(badImage.error).not.toBeInstanceOf(KnownError);
      expect((badImage.error as Error).message).toContain('400 Invalid profile image URL');
      expect(only(badImage.requests, 'PATCH', `/teams/${team.id}`).status).toBe(400);
      expect((await serverRead(t, project, `/teams/${team.id}`)).profile_image_url).toBe(pngDataUrl);

      // Removing the image sends null.
      const cleared = await recording(() => team.update({ profileImageUrl: null }));
      expect(jsonBody(only(cleared.requests, 'PATCH', `/teams/${team.id}`))).toEqual({ profile_image_url: null });
      expect((await serverRead(t, project, `/teams/${team.id}`)).profile_image_url).toBeNull();

      // Selected team: PATCH /users/me {selected_team_id}; the user then carries selectedTeam.
      const select = await recording(() => owner.user.setSelectedTeam(team));
      expect(jsonBody(only(select.requests, 'PATCH', '/users/me'))).toEqual({ selected_team_id: team.id });
      const selecting = await owner.app.getUser();
      expect(selecting!.selectedTeam?.id).toBe(team.id);
      expect(selecting!.selectedTeam?.displayName).toBe('Alpha Renamed');
      let serverUser = await serverRead(t, project, `/users/${owner.id}`);
      expect(serverUser.selected_team_id).toBe(team.id);
      expect(serverUser.selected_team?.id).toBe(team.id);
      expect(serverUser.selected_team?.display_name).toBe('Alpha Renamed');
      const unselect = await recording(() => selecting!.setSelectedTeam(null));
      expect(jsonBody(only(unselect.requests, 'PATCH', '/users/me'))).toEqual({ selected_team_id: null });
      expect((await owner.app.getUser())!.selectedTeam).toBeNull();
      serverUser = await serverRead(t, project, `/users/${owner.id}`);
      expect(serverUser.selected_team_id).toBeNull();
      expect(serverUser.selected_team).toBeNull();

      // Member profile: GET /team-member-profiles/{team}/me, then PATCH with the real user id.
      const profileRead = await recording(() => owner.user.getTeamProfile(team));
      expect(only(profileRead.requests, 'GET', `/team-member-profiles/${team.id}/me`).status).toBe(200);
      expect(profileRead.result.displayName).toBe('Owner One');
      expect(profileRead.result.profileImageUrl).toBeNull();
      const profileUpdate = await recording(() => profileRead.result.update({ displayName: 'Alpha Lead' }));
      const profilePatch = only(profileUpdate.requests, 'PATCH', `/team-member-profiles/${team.id}/${owner.id}`);
      expect(profilePatch.status).toBe(200);
      expect(jsonBody(profilePatch)).toEqual({ display_name: 'Alpha Lead' });
      expect((await owner.user.getTeamProfile(team)).displayName).toBe('Alpha Lead');
      const storedProfile = await serverRead(t, project, `/team-member-profiles/${team.id}/${owner.id}`);
      expect(storedProfile.team_id).toBe(team.id);
      expect(storedProfile.user_id).toBe(owner.id);
      expect(storedProfile.display_name).toBe('Alpha Lead');
      expect(storedProfile.user?.display_name).toBe('Owner One');
      // The user's own display name is untouched; the other team still shows it.
      expect((await serverRead(t, project, `/users/${owner.id}`)).display_name).toBe('Owner One');
      expect((await owner.user.getTeamProfile(withImage)).displayName).toBe('Owner One');

      // team.listUsers: GET /team-member-profiles?team_id=, the member profile per user.
      const users = await recording(() => team.listUsers());
      expect(users.result).toEqual([{ id: owner.id, teamProfile: { displayName: 'Alpha Lead', profileImageUrl: null } }]);
      const profilesRequest = only(users.requests, 'GET', '/team-member-profiles');
      expect(Object.fromEntries(profilesRequest.query)).toEqual({ team_id: team.id });
      // The same answer carries authd's primary_email, which the SDK ignores (the exact result above).
      const wireProfiles = await call(t, 'GET', `/team-member-profiles?team_id=${team.id}`, {
        headers: as(project, 'client', owner.accessToken),
      });
      expect((wireProfiles.json as { items: { primary_email: string }[] }).items.map((item) => item.primary_email)).toEqual([
        owner.email,
      ]);
    },
    testTimeout,
  );

  test(
    'inviteUser emails an invitation; a second user checks it, reads team_display_name, accepts, and leaves',
    async () => {
      const owner = await signedInUser(t, project, 'Inviting Owner');
      const invitee = await signedInUser(t, project, 'Invited Member');
      const team = await owner.user.createTeam({ displayName: 'Bravo' });

      // inviteUser: POST /team-invitations/send-code {email, team_id, callback_url}.
      const via = marker('invite');
      const callbackUrl = `${invitationCallbackUrl}?via=${via}`;
      const sent = await recording(() => team.inviteUser({ email: invitee.email, callbackUrl }));
      expect(sent.result).toBeUndefined();
      const send = only(sent.requests, 'POST', '/team-invitations/send-code');
      expect(send.status).toBe(200);
      expect(jsonBody(send)).toEqual({ email: invitee.email, team_id: team.id, callback_url: callbackUrl });
      const { email, code } = await invitationEmail(invitee.email, via);
      expect(email.subject).toStartWith('You have been invited to join Bravo on ');
      expect(email.text).toContain(`${invitationCallbackUrl}?via=${via}&code=${code}`);

      // The pending invitation: listInvitations (GET /team-invitations?team_id=) and raw.
      const pending = await recording(() => team.listInvitations());
      expect(pending.result).toHaveLength(1);
      const invitation = pending.result[0]!;
      expect(invitation.id).toMatch(uuidPattern);
      expect(invitation.recipientEmail).toBe(invitee.email);
      expect(invitation.expiresAt.getTime()).toBeGreaterThan(Date.now() + sevenDays - 10 * 60 * 1000);
      expect(invitation.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + sevenDays);
      expect(Object.fromEntries(only(pending.requests, 'GET', '/team-invitations').query)).toEqual({ team_id: team.id });
      const rawInvitations = await serverRead(t, project, `/team-invitations?team_id=${team.id}`);
      expect(rawInvitations.items).toEqual([
        {
          id: invitation.id,
          team_id: team.id,
          expires_at_millis: invitation.expiresAt.getTime(),
          recipient_email: invitee.email,
        },
      ]);

      // The invitee checks the code, reads the details, and is not yet a member.
      const check = await recording(() => invitee.app.verifyTeamInvitationCode(code));
      expect(check.result.status).toBe('ok');
      const checkRequest = only(check.requests, 'POST', '/team-invitations/accept/check-code');
      expect(jsonBody(checkRequest)).toEqual({ code });
      expect(checkRequest.status).toBe(200);
      const details = await recording(() => invitee.app.getTeamInvitationDetails(code));
      expect(details.result.status).toBe('ok');
      if (details.result.status === 'ok') expect(details.result.data).toEqual({ teamDisplayName: 'Bravo' });
      const detailsRequest = only(details.requests, 'POST', '/team-invitations/accept/details');
      expect(jsonBody(detailsRequest)).toEqual({ code });
      expect(detailsRequest.headers.get('x-stack-access-token')).toBe(invitee.accessToken);
      expect(await teamIdsOf(t, project, invitee.id)).toEqual([]);

      // Accept: the invitee joins with the member default permissions; the invitation is gone.
      const accepted = await recording(() => invitee.app.acceptTeamInvitation(code));
      expect(accepted.result.status).toBe('ok');
      const acceptRequest = only(accepted.requests, 'POST', '/team-invitations/accept');
      expect(jsonBody(acceptRequest)).toEqual({ code });
      expect(acceptRequest.status).toBe(200);
      expect(await teamIdsOf(t, project, invitee.id)).toEqual([team.id]);
      expect(await memberIdsOf(t, project, team.id)).toEqual([owner.id, invitee.id].sort());
      expect(await permissionIdsOf(t, project, team.id, invitee.id, false)).toEqual(['member']);
      expect((await serverRead(t, project, `/team-invitations?team_id=${team.id}`)).items).toEqual([]);
      expect(await team.listInvitations()).toEqual([]);

      // The code is used now: accept and details both answer VERIFICATION_CODE_ALREADY_USED.
      const again = await invitee.app.acceptTeamInvitation(code);
      expect(again.status).toBe('error');
      if (again.status === 'error') expect(again.error).toBeInstanceOf(KnownErrors.VerificationCodeAlreadyUsed);
      const detailsAgain = await invitee.app.getTeamInvitationDetails(code);
      expect(detailsAgain.status).toBe('error');
      if (detailsAgain.status === 'error') expect(detailsAgain.error).toBeInstanceOf(KnownErrors.VerificationCodeAlreadyUsed);
      expect(await memberIdsOf(t, project, team.id)).toEqual([owner.id, invitee.id].sort());

      // The invitee's view: the team, the member permissions (recursive), no $update_team.
      const inviteeTeam = await invitee.user.getTeam(team.id);
      expect(inviteeTeam?.displayName).toBe('Bravo');
      expect((await invitee.user.listPermissions(inviteeTeam!)).map((p) => p.id)).toEqual([
        '$invite_members',
        '$read_members',
        'member',
      ]);
      expect(await invitee.user.hasPermission(inviteeTeam!, '$read_members')).toBe(true);
      expect(await invitee.user.hasPermission(inviteeTeam!, '$update_team')).toBe(false);

      // Without $update_team / $delete_team the invitee's changes are TEAM_PERMISSION_REQUIRED.
      const renameDenied = await recordingRejection(() => inviteeTeam!.update({ displayName: 'Hijacked' }));
      expect(renameDenied.error).toBeInstanceOf(KnownErrors.TeamPermissionRequired);
      expect(detailsOf(renameDenied.error)).toEqual({ team_id: team.id, user_id: invitee.id, permission_id: '$update_team' });
      expect(only(renameDenied.requests, 'PATCH', `/teams/${team.id}`).status).toBe(401);
      const deleteDenied = await rejection(inviteeTeam!.delete());
      expect(deleteDenied).toBeInstanceOf(KnownErrors.TeamPermissionRequired);
      expect(detailsOf(deleteDenied)).toEqual({ team_id: team.id, user_id: invitee.id, permission_id: '$delete_team' });
      expect((await serverRead(t, project, `/teams/${team.id}`)).display_name).toBe('Bravo');

      // Both members see both member profiles, oldest membership first.
      const expectedMembers = [
        { id: owner.id, teamProfile: { displayName: 'Inviting Owner', profileImageUrl: null } },
        { id: invitee.id, teamProfile: { displayName: 'Invited Member', profileImageUrl: null } },
      ];
      expect(await team.listUsers()).toEqual(expectedMembers);
      expect(await inviteeTeam!.listUsers()).toEqual(expectedMembers);

      // leaveTeam: DELETE /team-memberships/{team}/me with body {}; it also unselects the team.
      await invitee.user.setSelectedTeam(inviteeTeam!);
      expect((await serverRead(t, project, `/users/${invitee.id}`)).selected_team_id).toBe(team.id);
      const left = await recording(() => invitee.user.leaveTeam(inviteeTeam!));
      const leave = only(left.requests, 'DELETE', `/team-memberships/${team.id}/me`);
      expect(leave.status).toBe(200);
      expect(leave.body).toBe('{}');
      expect(leave.headers.get('x-stack-access-type')).toBe('client');
      expect(await memberIdsOf(t, project, team.id)).toEqual([owner.id]);
      expect(await teamIdsOf(t, project, invitee.id)).toEqual([]);
      expect(await permissionIdsOf(t, project, team.id, invitee.id, false)).toEqual([]);
      expect((await serverRead(t, project, `/users/${invitee.id}`)).selected_team_id).toBeNull();
      expect((await invitee.app.getUser())!.selectedTeam).toBeNull();
      expect(await invitee.user.listTeams()).toEqual([]);
      expect((await team.listUsers()).map((u) => u.id)).toEqual([owner.id]);
    },
    testTimeout,
  );

  test(
    'invitation errors: untrusted callback, unknown code, accepting without a user, revoke',
    async () => {
      const owner = await signedInUser(t, project, 'Charlie Owner');
      const invitee = await signedInUser(t, project, 'Charlie Invitee');
      const team = await owner.user.createTeam({ displayName: 'Charlie' });

      // An untrusted callback URL: REDIRECT_URL_NOT_WHITELISTED, nothing sent or stored.
      const untrusted = await rejection(
        team.inviteUser({ email: invitee.email, callbackUrl: 'https://evil.example.org/handler/team-invitation' }),
      );
      expect(untrusted).toBeInstanceOf(KnownErrors.RedirectUrlNotWhitelisted);
      expect((await serverRead(t, project, `/team-invitations?team_id=${team.id}`)).items).toEqual([]);

      // A code that was never issued: VERIFICATION_CODE_NOT_FOUND as a result error.
      const unknownCode = 'a'.repeat(45);
      const unknownCheck = await invitee.app.verifyTeamInvitationCode(unknownCode);
      expect(unknownCheck.status).toBe('error');
      if (unknownCheck.status === 'error') expect(unknownCheck.error).toBeInstanceOf(KnownErrors.VerificationCodeNotFound);
      const unknownDetails = await invitee.app.getTeamInvitationDetails(unknownCode);
      expect(unknownDetails.status).toBe('error');
      if (unknownDetails.status === 'error') expect(unknownDetails.error).toBeInstanceOf(KnownErrors.VerificationCodeNotFound);
      const unknownAccept = await invitee.app.acceptTeamInvitation(unknownCode);
      expect(unknownAccept.status).toBe('error');
      if (unknownAccept.status === 'error') expect(unknownAccept.error).toBeInstanceOf(KnownErrors.VerificationCodeNotFound);

      // Without a signed-in user: check works, details and accept throw USER_AUTHENTICATION_REQUIRED.
      // Unlike Stack, authd does not use the code up on that failed accept (docs/decisions.md,
      // "Teams and permissions"), so the invitee can still accept after signing in.
      const viaAnonymous = marker('anonymous');
      await team.inviteUser({ email: invitee.email, callbackUrl: `${invitationCallbackUrl}?via=${viaAnonymous}` });
      const { code: anonymousCode } = await invitationEmail(invitee.email, viaAnonymous);
      const anonymous = clientApp(t, project);
      expect((await anonymous.verifyTeamInvitationCode(anonymousCode)).status).toBe('ok');
      const anonymousDetails = await recordingRejection(() => anonymous.getTeamInvitationDetails(anonymousCode));
      expect(anonymousDetails.error).toBeInstanceOf(KnownErrors.UserAuthenticationRequired);
      expect(
        only(anonymousDetails.requests, 'POST', '/team-invitations/accept/details').headers.has('x-stack-access-token'),
      ).toBe(false);
      const anonymousAccept = await rejection(anonymous.acceptTeamInvitation(anonymousCode));
      expect(anonymousAccept).toBeInstanceOf(KnownErrors.UserAuthenticationRequired);
      expect(await memberIdsOf(t, project, team.id)).toEqual([owner.id]);
      const afterAnonymous = await invitee.app.acceptTeamInvitation(anonymousCode);
      expect(afterAnonymous.status).toBe('ok');
      expect(await memberIdsOf(t, project, team.id)).toEqual([owner.id, invitee.id].sort());
      const reused = await invitee.app.acceptTeamInvitation(anonymousCode);
      expect(reused.status).toBe('error');
      if (reused.status === 'error') expect(reused.error).toBeInstanceOf(KnownErrors.VerificationCodeAlreadyUsed);

      // Revoke: DELETE /team-invitations/{id}?team_id=; the code no longer admits anyone.
      const viaRevoked = marker('revoked');
      await team.inviteUser({ email: invitee.email, callbackUrl: `${invitationCallbackUrl}?via=${viaRevoked}` });
      const { code: revokedCode } = await invitationEmail(invitee.email, viaRevoked);
      const invitations = await team.listInvitations();
      expect(invitations.map((i) => i.recipientEmail)).toEqual([invitee.email]);
      const revoked = await recording(() => invitations[0]!.revoke());
      const revokeRequest = only(revoked.requests, 'DELETE', `/team-invitations/${invitations[0]!.id}`);
      expect(Object.fromEntries(revokeRequest.query)).toEqual({ team_id: team.id });
      expect(revokeRequest.status).toBe(200);
      expect((await serverRead(t, project, `/team-invitations?team_id=${team.id}`)).items).toEqual([]);
      const revokedAccept = await invitee.app.acceptTeamInvitation(revokedCode);
      expect(revokedAccept.status).toBe('error');
      if (revokedAccept.status === 'error') expect(revokedAccept.error).toBeInstanceOf(KnownErrors.VerificationCodeError);
      expect(await memberIdsOf(t, project, team.id)).toEqual([owner.id, invitee.id].sort());
    },
    testTimeout,
  );
});

describe('StackClientApp: client team creation disabled', () => {
  test(
    'createTeam throws the text 403 and creates nothing; once enabled it works, and the creator can delete',
    async () => {
      const project = await makeProject(t, 'SDK no client teams');
      const user = await signedInUser(t, project, 'Teamless User');
      expect((await user.app.getProject()).config.clientTeamCreationEnabled).toBe(false);

      const refused = await recordingRejection(() => user.user.createTeam({ displayName: 'Not Allowed' }));
      expect(refused.error).toBeInstanceOf(Error);
      expect(refused.error).not.toBeInstanceOf(KnownError);
      expect((refused.error as Error).message).toContain('403 Client team creation is disabled for this project');
      // Sent once (a status error is not retried) and answered 403.
      expect(only(refused.requests, 'POST', '/teams').status).toBe(403);
      expect((await serverRead(t, project, '/teams')).items).toEqual([]);
      expect(await user.user.listTeams()).toEqual([]);

      await setClientTeamCreation(t, project, true);
      const team = await user.user.createTeam({ displayName: 'Allowed Now' });
      expect(await teamIdsOf(t, project, user.id)).toEqual([team.id]);

      // The creator holds $delete_team: DELETE /teams/{id}; the team is gone.
      const deleted = await recording(() => team.delete());
      expect(only(deleted.requests, 'DELETE', `/teams/${team.id}`).status).toBe(200);
      expect(await user.user.listTeams()).toEqual([]);
      expect(await teamIdsOf(t, project, user.id)).toEqual([]);
      expectKnownError(await serverGet(t, project, `/teams/${team.id}`), 404, 'TEAM_NOT_FOUND', { team_id: team.id });
    },
    testTimeout,
  );
});

// ---------------------------------------------------------------------------------------------

describe('StackServerApp: team management', () => {
  test(
    'createTeam with and without creator, addUser, permissions, update, listUsers, removeUser, listTeams, delete',
    async () => {
      const project = await makeProject(t, 'SDK server teams');
      const server = serverApp(t, project);
      const created = [];
      for (const i of [1, 2, 3]) {
        created.push(await server.createUser({ primaryEmail: uniqueEmail(`server-member-${i}`), displayName: `Member ${i}` }));
      }
      const [u1, u2, u3] = created;

      // createTeam without a creator: POST /teams {display_name}, no members.
      const plainCreate = await recording(() => server.createTeam({ displayName: 'Server Plain' }));
      const plain = plainCreate.result;
      const plainPost = only(plainCreate.requests, 'POST', '/teams');
      expect(plainPost.headers.get('x-stack-access-type')).toBe('server');
      expect(plainPost.status).toBe(201);
      expect(jsonBody(plainPost)).toEqual({ display_name: 'Server Plain' });
      expect(plain.displayName).toBe('Server Plain');
      expect(plain.serverMetadata).toBeNull();
      const plainRaw = await serverRead(t, project, `/teams/${plain.id}`);
      expect(plain.createdAt.getTime()).toBe(plainRaw.created_at_millis);
      expect(await plain.listUsers()).toEqual([]);
      expect(await memberIdsOf(t, project, plain.id)).toEqual([]);

      // createTeam with creatorUserId: the creator joins with the creator default permissions.
      const ownedCreate = await recording(() => server.createTeam({ displayName: 'Server Owned', creatorUserId: u1!.id }));
      const owned = ownedCreate.result;
      expect(jsonBody(only(ownedCreate.requests, 'POST', '/teams'))).toEqual({
        display_name: 'Server Owned',
        creator_user_id: u1!.id,
      });
      expect(await memberIdsOf(t, project, owned.id)).toEqual([u1!.id]);
      expect(await permissionIdsOf(t, project, owned.id, u1!.id, false)).toEqual(['admin']);

      // addUser: POST /team-memberships/{team}/{user} {}; member default permissions.
      const added = await recording(() => owned.addUser(u2!.id));
      const addRequest = only(added.requests, 'POST', `/team-memberships/${owned.id}/${u2!.id}`);
      expect(addRequest.status).toBe(201);
      expect(addRequest.body).toBe('{}');
      expect(await memberIdsOf(t, project, owned.id)).toEqual([u1!.id, u2!.id].sort());
      expect(await permissionIdsOf(t, project, owned.id, u2!.id, false)).toEqual(['member']);
      expect(await rejection(owned.addUser(u2!.id))).toBeInstanceOf(KnownErrors.TeamMembershipAlreadyExists);
      expect(await rejection(owned.addUser(unknownUuid()))).toBeInstanceOf(KnownErrors.UserNotFound);
      expect(await memberIdsOf(t, project, owned.id)).toEqual([u1!.id, u2!.id].sort());

      // team.listUsers: GET /team-member-profiles?team_id= (server view: profile + full user).
      const members = await recording(() => owned.listUsers());
      expect(Object.fromEntries(only(members.requests, 'GET', '/team-member-profiles').query)).toEqual({ team_id: owned.id });
      expect(members.result.map((m) => [m.id, m.primaryEmail, m.displayName, m.teamProfile.displayName])).toEqual([
        [u1!.id, u1!.primaryEmail, 'Member 1', 'Member 1'],
        [u2!.id, u2!.primaryEmail, 'Member 2', 'Member 2'],
      ]);
      expect(members.result[0]!.serverMetadata).toBeNull();
      expect(members.result[0]!.lastActiveAt).toBeInstanceOf(Date);

      // The users' and the project's team lists.
      const u1Teams = await recording(() => u1!.listTeams());
      expect(u1Teams.result.map((x) => x.id)).toEqual([owned.id]);
      expect(Object.fromEntries(only(u1Teams.requests, 'GET', '/teams').query)).toEqual({ user_id: u1!.id });
      expect((await u3!.listTeams()).map((x) => x.id)).toEqual([]);
      const allTeams = await recording(() => server.listTeams());
      expect(allTeams.result.map((x) => x.id)).toEqual([plain.id, owned.id]);
      expect(only(allTeams.requests, 'GET', '/teams').url).toBe('/api/v1/teams');
      expect((await server.getTeam(owned.id))?.displayName).toBe('Server Owned');

      // grantPermission / revokePermission: POST and DELETE /team-permissions/{team}/{user}/{id}.
      const granted = await recording(() => u2!.grantPermission(owned, '$update_team'));
      const grantRequest = only(granted.requests, 'POST', `/team-permissions/${owned.id}/${u2!.id}/%24update_team`);
      expect(grantRequest.status).toBe(201);
      expect(grantRequest.body).toBe('{}');
      expect(await permissionIdsOf(t, project, owned.id, u2!.id, false)).toEqual(['$update_team', 'member']);
      const hasUpdate = await recording(() => u2!.hasPermission(owned, '$update_team'));
      expect(hasUpdate.result).toBe(true);
      expect(Object.fromEntries(only(hasUpdate.requests, 'GET', '/team-permissions').query)).toEqual({
        user_id: u2!.id,
        team_id: owned.id,
        recursive: 'true',
      });
      expect((await u2!.listPermissions(owned)).map((p) => p.id)).toEqual([
        '$invite_members',
        '$read_members',
        '$update_team',
        'member',
      ]);
      await u2!.grantPermission(owned, '$update_team'); // idempotent
      expect(await permissionIdsOf(t, project, owned.id, u2!.id, false)).toEqual(['$update_team', 'member']);

      const revoked = await recording(() => u2!.revokePermission(owned, '$update_team'));
      const revokeRequest = only(revoked.requests, 'DELETE', `/team-permissions/${owned.id}/${u2!.id}/%24update_team`);
      expect(revokeRequest.status).toBe(200);
      expect(revokeRequest.body).toBe('{}');
      expect(await permissionIdsOf(t, project, owned.id, u2!.id, false)).toEqual(['member']);
      expect(await u2!.hasPermission(owned, '$update_team')).toBe(false);

      const revokeAgain = await rejection(u2!.revokePermission(owned, '$update_team'));
      expect(revokeAgain).toBeInstanceOf(KnownErrors.TeamPermissionNotFound);
      expect(detailsOf(revokeAgain)).toEqual({ team_id: owned.id, user_id: u2!.id, permission_id: '$update_team' });
      const undefinedPermission = await rejection(u2!.grantPermission(owned, 'no_such_permission'));
      expect(undefinedPermission).toBeInstanceOf(KnownErrors.PermissionNotFound);
      expect(detailsOf(undefinedPermission)).toEqual({ permission_id: 'no_such_permission' });
      const notMember = await rejection(u3!.grantPermission(owned, '$update_team'));
      expect(notMember).toBeInstanceOf(KnownErrors.TeamMembershipNotFound);
      expect(detailsOf(notMember)).toEqual({ team_id: owned.id, user_id: u3!.id });
      expect(await permissionIdsOf(t, project, owned.id, u3!.id, false)).toEqual([]);

      // team.update with server fields: PATCH /teams/{id}.
      const updated = await recording(() =>
        owned.update({
          displayName: 'Server Owned Renamed',
          clientMetadata: { color: 'blue' },
          clientReadOnlyMetadata: { seats: 5 },
          serverMetadata: { tier: 'gold', notes: ['a', 'b'] },
        }),
      );
      expect(jsonBody(only(updated.requests, 'PATCH', `/teams/${owned.id}`))).toEqual({
        display_name: 'Server Owned Renamed',
        client_metadata: { color: 'blue' },
        client_read_only_metadata: { seats: 5 },
        server_metadata: { tier: 'gold', notes: ['a', 'b'] },
      });
      const ownedRaw = await serverRead(t, project, `/teams/${owned.id}`);
      expect(ownedRaw.display_name).toBe('Server Owned Renamed');
      expect(ownedRaw.client_metadata).toEqual({ color: 'blue' });
      expect(ownedRaw.client_read_only_metadata).toEqual({ seats: 5 });
      expect(ownedRaw.server_metadata).toEqual({ tier: 'gold', notes: ['a', 'b'] });
      const relisted = await server.getTeam(owned.id);
      expect(relisted?.serverMetadata).toEqual({ tier: 'gold', notes: ['a', 'b'] });
      expect(relisted?.clientReadOnlyMetadata).toEqual({ seats: 5 });
      // A member reading it as a client sees the client fields only.
      const u1Tokens = await (await u1!.createSession({ expiresInMillis: 60 * 60 * 1000 })).getTokens();
      const clientRead = await call(t, 'GET', `/teams/${owned.id}`, { headers: as(project, 'client', u1Tokens.accessToken!) });
      expect(clientRead.status).toBe(200);
      expect(clientRead.json.client_read_only_metadata).toEqual({ seats: 5 });
      expect(clientRead.json.server_metadata).toBeUndefined();
      // A serverMetadata-only update leaves the rest alone.
      await owned.update({ serverMetadata: { tier: 'platinum' } });
      const afterMetadata = await serverRead(t, project, `/teams/${owned.id}`);
      expect(afterMetadata.server_metadata).toEqual({ tier: 'platinum' });
      expect(afterMetadata.display_name).toBe('Server Owned Renamed');
      expect(afterMetadata.client_metadata).toEqual({ color: 'blue' });

      // A member profile edited by the server: PATCH /team-member-profiles/{team}/{user}.
      const profile = await u2!.getTeamProfile(owned);
      expect(profile.displayName).toBe('Member 2');
      await profile.update({ displayName: 'Second in Command' });
      expect((await serverRead(t, project, `/team-member-profiles/${owned.id}/${u2!.id}`)).display_name).toBe(
        'Second in Command',
      );
      expect((await owned.listUsers()).map((m) => m.teamProfile.displayName)).toEqual(['Member 1', 'Second in Command']);

      // removeUser: DELETE /team-memberships/{team}/{user} {}; its permissions go with it.
      const removed = await recording(() => owned.removeUser(u2!.id));
      const removeRequest = only(removed.requests, 'DELETE', `/team-memberships/${owned.id}/${u2!.id}`);
      expect(removeRequest.status).toBe(200);
      expect(removeRequest.body).toBe('{}');
      expect(await memberIdsOf(t, project, owned.id)).toEqual([u1!.id]);
      expect(await permissionIdsOf(t, project, owned.id, u2!.id, false)).toEqual([]);
      expect((await owned.listUsers()).map((m) => m.id)).toEqual([u1!.id]);
      const removeAgain = await rejection(owned.removeUser(u2!.id));
      expect(removeAgain).toBeInstanceOf(KnownErrors.TeamMembershipNotFound);
      expect(detailsOf(removeAgain)).toEqual({ team_id: owned.id, user_id: u2!.id });

      // serverUser.leaveTeam sends a client-type DELETE without a user (a quirk of the SDK):
      // CANNOT_GET_OWN_USER_WITHOUT_USER, and the membership stays.
      const leave = await recordingRejection(() => u1!.leaveTeam(owned));
      expect(leave.error).toBeInstanceOf(KnownErrors.CannotGetOwnUserWithoutUser);
      const leaveRequest = only(leave.requests, 'DELETE', `/team-memberships/${owned.id}/${u1!.id}`);
      expect(leaveRequest.headers.get('x-stack-access-type')).toBe('client');
      expect(leaveRequest.headers.has('x-stack-access-token')).toBe(false);
      expect(await memberIdsOf(t, project, owned.id)).toEqual([u1!.id]);

      // delete: DELETE /teams/{id}; gone from every list, from the user's selection, and its
      // pending invitations are withdrawn.
      const viaDeleted = marker('deleted-team');
      await owned.inviteUser({ email: u3!.primaryEmail!, callbackUrl: `${invitationCallbackUrl}?via=${viaDeleted}` });
      const { code: withdrawnCode } = await invitationEmail(u3!.primaryEmail!, viaDeleted);
      expect((await clientApp(t, project).verifyTeamInvitationCode(withdrawnCode)).status).toBe('ok');
      await u1!.setSelectedTeam(owned);
      expect((await serverRead(t, project, `/users/${u1!.id}`)).selected_team_id).toBe(owned.id);
      const deleted = await recording(() => owned.delete());
      expect(only(deleted.requests, 'DELETE', `/teams/${owned.id}`).status).toBe(200);
      expect((await server.listTeams()).map((x) => x.id)).toEqual([plain.id]);
      expect(await server.getTeam(owned.id)).toBeNull();
      expectKnownError(await serverGet(t, project, `/teams/${owned.id}`), 404, 'TEAM_NOT_FOUND', { team_id: owned.id });
      expect(await teamIdsOf(t, project, u1!.id)).toEqual([]);
      expect((await serverRead(t, project, `/users/${u1!.id}`)).selected_team_id).toBeNull();
      expect(await rejection(owned.update({ displayName: 'Ghost' }))).toBeInstanceOf(KnownErrors.TeamNotFound);
      const withdrawn = await clientApp(t, project).verifyTeamInvitationCode(withdrawnCode);
      expect(withdrawn.status).toBe('error');
      if (withdrawn.status === 'error') expect(withdrawn.error).toBeInstanceOf(KnownErrors.VerificationCodeError);
    },
    testTimeout,
  );

  test(
    'inviteUser from the server, listInvitations, revoke, and a client accepting a server-sent invitation',
    async () => {
      const project = await makeProject(t, 'SDK server invitations');
      const server = serverApp(t, project);
      const team = await server.createTeam({ displayName: 'Delta' });
      const invitee = await signedInUser(t, project, 'Delta Invitee');

      const via = marker('server-invite');
      const callbackUrl = `${invitationCallbackUrl}?via=${via}`;
      const sent = await recording(() => team.inviteUser({ email: invitee.email, callbackUrl }));
      const send = only(sent.requests, 'POST', '/team-invitations/send-code');
      expect(send.headers.get('x-stack-access-type')).toBe('server');
      expect(send.status).toBe(200);
      expect(jsonBody(send)).toEqual({ email: invitee.email, team_id: team.id, callback_url: callbackUrl });
      const { email, code } = await invitationEmail(invitee.email, via);
      expect(email.subject).toStartWith('You have been invited to join Delta on ');

      const invitations = await team.listInvitations();
      expect(invitations.map((i) => i.recipientEmail)).toEqual([invitee.email]);
      const rawInvitations = await serverRead(t, project, `/team-invitations?team_id=${team.id}`);
      expect(rawInvitations.items.map((i: { id: string }) => i.id)).toEqual([invitations[0]!.id]);

      // A client user accepts the server's invitation.
      const details = await invitee.app.getTeamInvitationDetails(code);
      expect(details.status).toBe('ok');
      if (details.status === 'ok') expect(details.data.teamDisplayName).toBe('Delta');
      expect((await invitee.app.acceptTeamInvitation(code)).status).toBe('ok');
      expect(await memberIdsOf(t, project, team.id)).toEqual([invitee.id]);
      expect(await permissionIdsOf(t, project, team.id, invitee.id, false)).toEqual(['member']);
      expect((await invitee.user.listTeams()).map((x) => x.displayName)).toEqual(['Delta']);
      expect(await team.listInvitations()).toEqual([]);

      // A second invitation, revoked by the server.
      // An address with no account gets the sign-in invitation (docs/decisions.md, "Teams and permissions"), same link.
      const secondEmail = uniqueEmail('delta-second');
      const viaSecond = marker('second');
      await team.inviteUser({ email: secondEmail, callbackUrl: `${invitationCallbackUrl}?via=${viaSecond}` });
      const { email: signUpInvitation } = await invitationEmail(secondEmail, viaSecond);
      expect(signUpInvitation.subject).toBe('You have been invited to join Delta on SDK server invitations');
      const pending = await team.listInvitations();
      expect(pending.map((i) => i.recipientEmail)).toEqual([secondEmail]);
      const revoked = await recording(() => pending[0]!.revoke());
      const revokeRequest = only(revoked.requests, 'DELETE', `/team-invitations/${pending[0]!.id}`);
      expect(revokeRequest.headers.get('x-stack-access-type')).toBe('server');
      expect(Object.fromEntries(revokeRequest.query)).toEqual({ team_id: team.id });
      expect((await serverRead(t, project, `/team-invitations?team_id=${team.id}`)).items).toEqual([]);
      expect(await team.listInvitations()).toEqual([]);
    },
    testTimeout,
  );
});

// ---------------------------------------------------------------------------------------------

describe('StackAdminApp: team permission definitions', () => {
  test(
    'list, create, update (incl. rename), delete; granted definitions apply recursively through hasPermission',
    async () => {
      const project = await makeProject(t, 'SDK permission definitions');
      const admin = adminApp(t, project);

      // A new project: the five system permissions plus `admin` and `member`, sorted by id.
      const initial = await recording(() => admin.listTeamPermissionDefinitions());
      const listRequest = only(initial.requests, 'GET', '/team-permission-definitions');
      expect(listRequest.headers.get('x-stack-access-type')).toBe('admin');
      expect(listRequest.url).toBe('/api/v1/team-permission-definitions');
      expect(initial.result.map((d) => d.id)).toEqual([...systemPermissionIds, 'admin', 'member']);
      expect(initial.result.find((d) => d.id === 'admin')).toEqual({
        id: 'admin',
        description: 'Default permission for team creators',
        containedPermissionIds: systemPermissionIds,
      });
      expect(initial.result.find((d) => d.id === 'member')).toEqual({
        id: 'member',
        description: 'Default permission for team members',
        containedPermissionIds: ['$invite_members', '$read_members'],
      });
      expect(initial.result.find((d) => d.id === '$update_team')).toEqual({
        id: '$update_team',
        description: 'Update the team information',
        containedPermissionIds: [],
      });

      // Create: POST /team-permission-definitions {id, description, contained_permission_ids}.
      // (2.7.23 types the result as {id} only; at run time it is the whole definition.)
      const readCreate = await recording(async () =>
        asDefinition(
          await admin.createTeamPermissionDefinition({
            id: 'billing_read',
            description: 'Read invoices',
            containedPermissionIds: [],
          }),
        ),
      );
      const createRequest = only(readCreate.requests, 'POST', '/team-permission-definitions');
      expect(createRequest.status).toBe(201);
      expect(jsonBody(createRequest)).toEqual({ id: 'billing_read', description: 'Read invoices', contained_permission_ids: [] });
      expect(readCreate.result).toEqual({ id: 'billing_read', description: 'Read invoices', containedPermissionIds: [] });
      const billingAdmin = asDefinition(
        await admin.createTeamPermissionDefinition({
          id: 'billing_admin',
          description: 'Manage billing',
          containedPermissionIds: ['billing_read', '$update_team'],
        }),
      );
      expect(billingAdmin).toEqual({
        id: 'billing_admin',
        description: 'Manage billing',
        containedPermissionIds: ['$update_team', 'billing_read'],
      });
      const bare = asDefinition(await admin.createTeamPermissionDefinition({ id: 'audit_viewer', containedPermissionIds: [] }));
      expect(bare.id).toBe('audit_viewer');
      expect(bare.description).toBeUndefined();

      // An unknown contained permission: CONTAINED_PERMISSION_NOT_FOUND, nothing created.
      const badContained = await rejection(
        admin.createTeamPermissionDefinition({ id: 'broken', containedPermissionIds: ['does_not_exist'] }),
      );
      expect(badContained).toBeInstanceOf(KnownErrors.ContainedPermissionNotFound);
      expect(detailsOf(badContained)).toEqual({ permission_id: 'does_not_exist' });

      const expectedIds = [...systemPermissionIds, 'admin', 'audit_viewer', 'billing_admin', 'billing_read', 'member'];
      expect((await admin.listTeamPermissionDefinitions()).map((d) => d.id)).toEqual(expectedIds);
      const rawList = await call(t, 'GET', '/team-permission-definitions', { headers: as(project, 'admin') });
      expect(rawList.status).toBe(200);
      expect(rawList.json.items.map((d: { id: string }) => d.id)).toEqual(expectedIds);
      const rawBare = rawList.json.items.find((d: { id: string }) => d.id === 'audit_viewer');
      expect(rawBare).toEqual({ id: 'audit_viewer', contained_permission_ids: [] });

      // Granting billing_admin gives billing_read and $update_team recursively.
      const server = serverApp(t, project);
      const member = await signedInUser(t, project, 'Billing Member');
      const serverTeam = await server.createTeam({ displayName: 'Billing Team' });
      await serverTeam.addUser(member.id);
      const memberAsServer = await server.getUser(member.id);
      await memberAsServer!.grantPermission(serverTeam, 'billing_admin');
      expect(await permissionIdsOf(t, project, serverTeam.id, member.id, false)).toEqual(['billing_admin', 'member']);
      const team = (await member.user.getTeam(serverTeam.id))!;
      expect(team.displayName).toBe('Billing Team');
      expect(await member.user.hasPermission(team, 'billing_read')).toBe(true);
      expect(await member.user.hasPermission(team, '$update_team')).toBe(true);
      expect(await member.user.hasPermission(team, '$delete_team')).toBe(false);
      expect((await member.user.listPermissions(team)).map((p) => p.id)).toEqual([
        '$invite_members',
        '$read_members',
        '$update_team',
        'billing_admin',
        'billing_read',
        'member',
      ]);
      expect((await member.user.listPermissions(team, { recursive: false })).map((p) => p.id)).toEqual([
        'billing_admin',
        'member',
      ]);
      // The recursive grant is real: the member can now rename the team.
      await team.update({ displayName: 'Billing Team (renamed by member)' });
      expect((await serverRead(t, project, `/teams/${team.id}`)).display_name).toBe('Billing Team (renamed by member)');

      // Update: PATCH /team-permission-definitions/{id} without an id field.
      const updated = await recording(() =>
        admin.updateTeamPermissionDefinition('billing_admin', {
          description: 'Billing administrator',
          containedPermissionIds: ['$read_members'],
        }),
      );
      const patch = only(updated.requests, 'PATCH', '/team-permission-definitions/billing_admin');
      expect(patch.status).toBe(200);
      expect(jsonBody(patch)).toEqual({ description: 'Billing administrator', contained_permission_ids: ['$read_members'] });
      expect((await admin.listTeamPermissionDefinitions()).find((d) => d.id === 'billing_admin')).toEqual({
        id: 'billing_admin',
        description: 'Billing administrator',
        containedPermissionIds: ['$read_members'],
      });
      expect(await member.user.hasPermission(team, 'billing_read')).toBe(false);
      expect(await member.user.hasPermission(team, '$update_team')).toBe(false);
      expect(await member.user.hasPermission(team, '$read_members')).toBe(true);
      expect(await permissionIdsOf(t, project, team.id, member.id, true)).toEqual([
        '$invite_members',
        '$read_members',
        'billing_admin',
        'member',
      ]);
      const badUpdate = await rejection(
        admin.updateTeamPermissionDefinition('billing_admin', { containedPermissionIds: ['does_not_exist'] }),
      );
      expect(badUpdate).toBeInstanceOf(KnownErrors.ContainedPermissionNotFound);
      expect((await admin.listTeamPermissionDefinitions()).find((d) => d.id === 'billing_admin')?.containedPermissionIds).toEqual(
        ['$read_members'],
      );

      // Rename through update {id}: the grant follows the definition.
      const renamed = await recording(() => admin.updateTeamPermissionDefinition('billing_admin', { id: 'billing_owner' }));
      expect(jsonBody(only(renamed.requests, 'PATCH', '/team-permission-definitions/billing_admin'))).toEqual({
        id: 'billing_owner',
      });
      const afterRename = (await admin.listTeamPermissionDefinitions()).map((d) => d.id);
      expect(afterRename).toContain('billing_owner');
      expect(afterRename).not.toContain('billing_admin');
      expect(await permissionIdsOf(t, project, team.id, member.id, false)).toEqual(['billing_owner', 'member']);
      expect(await member.user.hasPermission(team, 'billing_owner')).toBe(true);

      // A duplicate id is refused (text 400 in authd; unhandled in Stack) and changes nothing.
      const duplicate = await rejection(admin.createTeamPermissionDefinition({ id: 'audit_viewer', containedPermissionIds: [] }));
      expect(duplicate).not.toBeInstanceOf(KnownError);
      expect((duplicate as Error).message).toContain(' 400 ');

      // A contained definition: renaming it renames it inside its container.
      await admin.updateTeamPermissionDefinition('billing_owner', { containedPermissionIds: ['$read_members', 'billing_read'] });
      expect(await member.user.hasPermission(team, 'billing_read')).toBe(true);
      await admin.updateTeamPermissionDefinition('billing_read', { id: 'invoice_read' });
      expect((await admin.listTeamPermissionDefinitions()).find((d) => d.id === 'billing_owner')?.containedPermissionIds).toEqual(
        ['$read_members', 'invoice_read'],
      );
      expect(await member.user.hasPermission(team, 'invoice_read')).toBe(true);
      expect(await member.user.hasPermission(team, 'billing_read')).toBe(false);

      // Delete: DELETE /team-permission-definitions/{id}; gone from its container too; a second
      // delete is PERMISSION_NOT_FOUND.
      const deleted = await recording(() => admin.deleteTeamPermissionDefinition('invoice_read'));
      expect(only(deleted.requests, 'DELETE', '/team-permission-definitions/invoice_read').status).toBe(200);
      const afterDelete = await admin.listTeamPermissionDefinitions();
      expect(afterDelete.map((d) => d.id)).not.toContain('invoice_read');
      expect(afterDelete.find((d) => d.id === 'billing_owner')?.containedPermissionIds).toEqual(['$read_members']);
      expect(await member.user.hasPermission(team, 'invoice_read')).toBe(false);
      const deleteAgain = await rejection(admin.deleteTeamPermissionDefinition('invoice_read'));
      expect(deleteAgain).toBeInstanceOf(KnownErrors.PermissionNotFound);
      expect(detailsOf(deleteAgain)).toEqual({ permission_id: 'invoice_read' });

      // Renaming the member default carries the project's default and the existing grants.
      await admin.updateTeamPermissionDefinition('member', { id: 'team_member' });
      expect((await admin.getProject()).config.teamMemberDefaultPermissions).toEqual([{ id: 'team_member' }]);
      expect(await permissionIdsOf(t, project, team.id, member.id, false)).toEqual(['billing_owner', 'team_member']);

      // Deleting a granted definition removes the grant.
      await admin.deleteTeamPermissionDefinition('billing_owner');
      expect(await permissionIdsOf(t, project, team.id, member.id, false)).toEqual(['team_member']);
      expect(await member.user.hasPermission(team, 'billing_owner')).toBe(false);
      expect((await admin.listTeamPermissionDefinitions()).map((d) => d.id)).toEqual([
        ...systemPermissionIds,
        'admin',
        'audit_viewer',
        'team_member',
      ]);
    },
    testTimeout,
  );
});

// Team invitations through a real SMTP server: sending (permission
// and callback checks), the emailed link, check-code / details / accept, one use per code,
// listing and revoking pending invitations, expiry, and codes that stay in their project.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { codeFromEmail, type ReceivedEmail, type SmtpReceiver } from '../support/smtp-receiver';
import {
  as,
  call,
  expectKnownError,
  expectList,
  expectOk,
  expectSchemaError,
  expectTextError,
  makeProject,
  makeUser,
  memberIdsOf,
  permissionIds,
  randomCode,
  revoke,
  setProjectConfig,
  shiftClock,
  teamIdsOf,
  teamWith,
  uniqueEmail,
  unknownUuid,
  uuidPattern,
  type TestUser,
} from '../support/teams';
import { markEmailVerified } from '../support/accounts';

let t: TestInstance, smtp: SmtpReceiver, project: BootstrappedProject, owner: TestUser, member: TestUser;
/** A member without any permission. */
let bare: TestUser, outsider: TestUser, team: any;

const callback = 'http://localhost:3000/handler/team-invitation';
const untrusted = 'https://evil.example.org/handler/team-invitation';
const codePattern = /^[0-9a-hjkmnp-tv-z]{45}$/;
const sevenDays = 7 * 24 * 3600 * 1000;

withMailInstance(async (started) => {
  ({ t, smtp } = started);
  project = await makeProject(t, 'Invitations');
  owner = await makeUser(t, project, {}, 'owner');
  member = await makeUser(t, project, {}, 'member');
  bare = await makeUser(t, project, {}, 'bare');
  outsider = await makeUser(t, project, {}, 'outsider');
  team = await teamWith(t, project, owner, [member, bare], { display_name: 'Rocket Club' });
  await revoke(t, project, team.id, bare.user_id, 'member');
});

function send(headers: Record<string, string>, body: Record<string, unknown>) {
  return call(t, 'POST', '/team-invitations/send-code', { headers, body });
}
function codeCall(endpoint: 'accept' | 'accept/check-code' | 'accept/details', code: string, accessToken?: string, p = project) {
  return call(t, 'POST', `/team-invitations/${endpoint}`, { headers: as(p, 'client', accessToken), body: { code } });
}
function listInvitations(headers: Record<string, string>, teamId = team.id) {
  return call(t, 'GET', `/team-invitations?team_id=${teamId}`, { headers });
}
const isInvitation = (m: ReceivedEmail) => m.subject.startsWith('You have been invited');
/** The address with its local part upper-cased (the mail path lower-cases the domain). */
const shouted = (email: string) => email.replace(/^[^@]+/, (local) => local.toUpperCase());

/** Invites `email` to `teamId` with the owner's client session; returns the answer's id and the emailed code. */
async function invite(email: string, teamId = team.id, headers = as(project, 'client', owner.access_token)) {
  const body = expectOk(await send(headers, { team_id: teamId, email, callback_url: callback }));
  expect(Object.keys(body).sort()).toEqual(['id', 'success']);
  expect(body.success).toBe(true);
  expect(body.id).toMatch(uuidPattern);
  const mail = await smtp.waitFor(email, isInvitation);
  return { id: body.id as string, code: codeFromEmail(mail), mail };
}

describe('POST /team-invitations/send-code', () => {
  test('a member with $invite_members invites an existing user: the email names the team and links to callback?code=', async () => {
    const invitee = await makeUser(t, project, {}, 'invitee');
    const { code, mail } = await invite(invitee.email, team.id, as(project, 'client', member.access_token));
    expect(mail.subject).toBe(`You have been invited to join Rocket Club on ${project.displayName}`);
    expect(code).toMatch(codePattern);
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    expect(`${link.origin}${link.pathname}`).toBe(callback);
    expect(link.searchParams.get('code')).toBe(code);
  });

  test('the server may invite; existing callback query parameters are kept', async () => {
    const email = uniqueEmail('server-invitee');
    const res = await send(as(project, 'server'), {
      team_id: team.id,
      email,
      callback_url: `${callback}?after_auth_return_to=%2Fteams`,
    });
    expect(expectOk(res).success).toBe(true);
    const mail = await smtp.waitFor(email, isInvitation);
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    expect(link.searchParams.get('after_auth_return_to')).toBe('/teams');
    expect(link.searchParams.get('code')).toMatch(codePattern);
  });

  test('untrusted callback_url: REDIRECT_URL_NOT_WHITELISTED, nothing sent or pending', async () => {
    const email = uniqueEmail('never');
    const before = expectList(await listInvitations(as(project, 'server')));
    expectKnownError(
      await send(as(project, 'client', owner.access_token), { team_id: team.id, email, callback_url: untrusted }),
      400,
      'REDIRECT_URL_NOT_WHITELISTED',
    );
    expectKnownError(
      await send(as(project, 'server'), { team_id: team.id, email, callback_url: untrusted }),
      400,
      'REDIRECT_URL_NOT_WHITELISTED',
    );
    expect(expectList(await listInvitations(as(project, 'server')))).toEqual(before);
    expect(smtp.messages.filter((m) => m.to.includes(email))).toEqual([]);
  });

  test('client refusals: no $invite_members, not a member, no user', async () => {
    const email = uniqueEmail('refused');
    const body = { team_id: team.id, email, callback_url: callback };
    expectKnownError(await send(as(project, 'client', bare.access_token), body), 401, 'TEAM_PERMISSION_REQUIRED', {
      team_id: team.id,
      user_id: bare.user_id,
      permission_id: '$invite_members',
    });
    expectKnownError(await send(as(project, 'client', outsider.access_token), body), 404, 'TEAM_MEMBERSHIP_NOT_FOUND');
    expectKnownError(await send(as(project, 'client'), body), 401, 'USER_AUTHENTICATION_REQUIRED');
    const pending = expectList(await listInvitations(as(project, 'server')));
    expect(pending.map((i) => i.recipient_email)).not.toContain(email);
  });

  test('bad bodies: SCHEMA_ERROR', async () => {
    const headers = as(project, 'server');
    expectSchemaError(await send(headers, { team_id: team.id, email: 'not-an-email', callback_url: callback }));
    expectSchemaError(await send(headers, { team_id: 'nope', email: uniqueEmail(), callback_url: callback }));
    expectSchemaError(await send(headers, { team_id: team.id, email: uniqueEmail() }), 'callback_url');
    expectSchemaError(await send(headers, { team_id: team.id, email: uniqueEmail(), callback_url: callback, role: 'x' }), 'role');
  });
});

describe('accepting', () => {
  test('check-code, details, then accept: the user joins with the member default; the code is then used', async () => {
    const invitee = await makeUser(t, project, {}, 'joiner');
    const { code } = await invite(invitee.email);
    expect(expectOk(await codeCall('accept/check-code', code))).toEqual({ is_code_valid: true });
    expect(expectOk(await codeCall('accept/check-code', code))).toEqual({ is_code_valid: true });
    expect(expectOk(await codeCall('accept/details', code, invitee.access_token))).toEqual({
      team_id: team.id,
      team_display_name: 'Rocket Club',
      recipient_email: invitee.email,
      recipient_email_is_users: true,
    });
    expect(expectOk(await codeCall('accept', code, invitee.access_token))).toEqual({});
    expect(await teamIdsOf(t, project, invitee.user_id)).toEqual([team.id]);
    expect(await permissionIds(t, project, team.id, invitee.user_id, false)).toEqual(['member']);
    expectKnownError(await codeCall('accept', code, invitee.access_token), 409, 'VERIFICATION_CODE_ALREADY_USED');
    expectKnownError(await codeCall('accept/check-code', code), 409, 'VERIFICATION_CODE_ALREADY_USED');
    expectKnownError(await codeCall('accept/details', code, invitee.access_token), 409, 'VERIFICATION_CODE_ALREADY_USED');
  });

  test('details name the invited address as typed and say whether the signed-in account has it, in any letter case', async () => {
    const invitee = await makeUser(t, project, {}, 'Cased.Invitee');
    const forwardedTo = await makeUser(t, project, {}, 'forwarded');
    const { code } = await invite(shouted(invitee.email));
    const details = expectOk(await codeCall('accept/details', code, invitee.access_token));
    expect(details.recipient_email).toBe(shouted(invitee.email));
    expect(details.recipient_email_is_users).toBe(true);
    const other = expectOk(await codeCall('accept/details', code, forwardedTo.access_token));
    expect(other.recipient_email).toBe(shouted(invitee.email));
    expect(other.recipient_email_is_users).toBe(false);
    // Off by default: another account may still join (the page warns and asks first).
    expect(expectOk(await codeCall('accept', code, forwardedTo.access_token))).toEqual({});
    expect(await memberIdsOf(t, project, team.id)).toContain(forwardedTo.user_id);
  });

  test('team_invitation_requires_matching_email: only an account that verified the address joins; a refusal keeps the code', async () => {
    const strict = await makeProject(t, 'Strict invitations');
    await setProjectConfig(t, strict, { team_invitation_requires_matching_email: true });
    const strictOwner = await makeUser(t, strict, {}, 'strict-owner');
    const strictTeam = await teamWith(t, strict, strictOwner, [], { display_name: 'Strict Club' });
    const stranger = await makeUser(t, strict, { primary_email_verified: true }, 'stranger');
    const invitee = await makeUser(t, strict, { primary_email_verified: false }, 'Strict.Invitee');
    const send = expectOk(
      await call(t, 'POST', '/team-invitations/send-code', {
        headers: as(strict, 'server'),
        body: { team_id: strictTeam.id, email: shouted(invitee.email), callback_url: callback },
      }),
    );
    expect(send.success).toBe(true);
    const code = codeFromEmail(await smtp.waitFor(shouted(invitee.email), isInvitation));
    const mismatch = await codeCall('accept', code, stranger.access_token, strict);
    expectKnownError(mismatch, 403, 'TEAM_INVITATION_EMAIL_MISMATCH', { recipient_email: shouted(invitee.email) });
    expect(mismatch.json.error).toBe(
      `This team invitation was sent to ${shouted(invitee.email)}. Only an account that has verified that address can accept it.`,
    );
    // The invitee's own address, not yet verified, is not enough either.
    expectKnownError(await codeCall('accept', code, invitee.access_token, strict), 403, 'TEAM_INVITATION_EMAIL_MISMATCH');
    expect(await memberIdsOf(t, strict, strictTeam.id)).toEqual([strictOwner.user_id]);
    expect(expectOk(await codeCall('accept/check-code', code, undefined, strict))).toEqual({ is_code_valid: true });
    expect(
      expectOk(await call(t, 'GET', '/projects/current', { headers: as(strict, 'admin') })).config
        .team_invitation_requires_matching_email,
    ).toBe(true);
    // Verified, the invitee joins with the same link.
    await markEmailVerified(t, strict, invitee.user_id);
    expect(expectOk(await codeCall('accept', code, invitee.access_token, strict))).toEqual({});
    expect(await memberIdsOf(t, strict, strictTeam.id)).toEqual([strictOwner.user_id, invitee.user_id].sort());
  });

  test('details without a user: USER_AUTHENTICATION_REQUIRED', async () => {
    const { code } = await invite(uniqueEmail('details'));
    expectKnownError(await codeCall('accept/details', code), 401, 'USER_AUTHENTICATION_REQUIRED');
    expect(expectOk(await codeCall('accept/check-code', code))).toEqual({ is_code_valid: true });
  });

  test('accept without a user: USER_AUTHENTICATION_REQUIRED and the code stays usable', async () => {
    const invitee = await makeUser(t, project, {}, 'later');
    const { code } = await invite(invitee.email);
    expectKnownError(await codeCall('accept', code), 401, 'USER_AUTHENTICATION_REQUIRED');
    expect(await teamIdsOf(t, project, invitee.user_id)).toEqual([]);
    expect(expectOk(await codeCall('accept/check-code', code))).toEqual({ is_code_valid: true });
    expect(expectOk(await codeCall('accept', code, invitee.access_token))).toEqual({});
    expect(await teamIdsOf(t, project, invitee.user_id)).toEqual([team.id]);
  });

  test('codes work with any access type and are case-insensitive', async () => {
    const invitee = await makeUser(t, project, {}, 'upper');
    const { code } = await invite(invitee.email);
    const res = await call(t, 'POST', '/team-invitations/accept/check-code', {
      headers: as(project, 'server'),
      body: { code: code.toUpperCase() },
    });
    expect(expectOk(res)).toEqual({ is_code_valid: true });
    const accepted = await call(t, 'POST', '/team-invitations/accept', {
      headers: as(project, 'server', invitee.access_token),
      body: { code: code.toUpperCase() },
    });
    expect(expectOk(accepted)).toEqual({});
    expect(await memberIdsOf(t, project, team.id)).toContain(invitee.user_id);
  });

  test('an existing member accepting is a no-op that keeps their permissions', async () => {
    const { code } = await invite(uniqueEmail('for-owner'));
    expect(expectOk(await codeCall('accept', code, owner.access_token))).toEqual({});
    expect(await permissionIds(t, project, team.id, owner.user_id, false)).toEqual(['admin']);
  });

  test('unknown code: VERIFICATION_CODE_NOT_FOUND; malformed code: SCHEMA_ERROR', async () => {
    const user = await makeUser(t, project);
    for (const endpoint of ['accept', 'accept/check-code', 'accept/details'] as const) {
      expectKnownError(await codeCall(endpoint, randomCode(), user.access_token), 404, 'VERIFICATION_CODE_NOT_FOUND');
      expectSchemaError(await codeCall(endpoint, 'short', user.access_token));
      expectSchemaError(await codeCall(endpoint, randomCode() + 'x', user.access_token));
    }
    expect(await teamIdsOf(t, project, user.user_id)).toEqual([]);
  });

  test('a code of one project is VERIFICATION_CODE_NOT_FOUND in another', async () => {
    const other = await makeProject(t, 'Other invitations');
    const stranger = await makeUser(t, other);
    const { code } = await invite(uniqueEmail('cross'));
    expectKnownError(await codeCall('accept', code, stranger.access_token, other), 404, 'VERIFICATION_CODE_NOT_FOUND');
    expect(expectOk(await codeCall('accept/check-code', code))).toEqual({ is_code_valid: true });
  });

  test('an expired invitation: VERIFICATION_CODE_EXPIRED and no longer listed', async () => {
    const invitee = await makeUser(t, project, {}, 'slow');
    const { id, code } = await invite(invitee.email);
    const restore = shiftClock(t, sevenDays + 3600_000);
    try {
      const session = expectOk(
        await call(t, 'POST', '/auth/sessions', { headers: as(project, 'server'), body: { user_id: invitee.user_id } }),
      );
      expectKnownError(await codeCall('accept/check-code', code), 400, 'VERIFICATION_CODE_EXPIRED');
      expectKnownError(await codeCall('accept', code, session.access_token), 400, 'VERIFICATION_CODE_EXPIRED');
      const pending = expectList(await listInvitations(as(project, 'server')));
      expect(pending.map((i) => i.id)).not.toContain(id);
    } finally {
      restore();
    }
    expect(await teamIdsOf(t, project, invitee.user_id)).toEqual([]);
  });
});

describe('codes and their kind', () => {
  test('an invitation code is unknown to password reset, and a reset code is unknown to accept', async () => {
    const invitee = await makeUser(t, project, { password: 'correct horse battery' }, 'kinds');
    const { code } = await invite(invitee.email);
    const asReset = await call(t, 'POST', '/auth/password/reset/check-code', { headers: as(project, 'client'), body: { code } });
    expectKnownError(asReset, 404, 'VERIFICATION_CODE_NOT_FOUND');
    const sent = await call(t, 'POST', '/auth/password/send-reset-code', {
      headers: as(project, 'client'),
      body: { email: invitee.email, callback_url: 'http://localhost:3000/handler/password-reset' },
    });
    expectOk(sent);
    const resetMail = await smtp.waitFor(invitee.email, (m) => !isInvitation(m));
    expectKnownError(
      await codeCall('accept', codeFromEmail(resetMail), invitee.access_token),
      404,
      'VERIFICATION_CODE_NOT_FOUND',
    );
    expect(await teamIdsOf(t, project, invitee.user_id)).toEqual([]);
    // The invitation itself is untouched.
    expect(expectOk(await codeCall('accept/check-code', code))).toEqual({ is_code_valid: true });
  });

  test('inviting the same address twice makes two invitations, each usable', async () => {
    const own = await teamWith(t, project, owner);
    const email = uniqueEmail('twice');
    const first = expectOk(await send(as(project, 'server'), { team_id: own.id, email, callback_url: callback }));
    const second = expectOk(await send(as(project, 'server'), { team_id: own.id, email, callback_url: callback }));
    expect(first.id).not.toBe(second.id);
    const listed = expectList(await listInvitations(as(project, 'server'), own.id));
    expect(listed.map((i) => i.id).sort()).toEqual([first.id, second.id].sort());
    expect(listed.map((i) => i.recipient_email)).toEqual([email, email]);
  });

  test('deleting the team withdraws its invitations: accepting makes no membership', async () => {
    const own = await teamWith(t, project, owner);
    const invitee = await makeUser(t, project, {}, 'too-late');
    const { code } = await invite(invitee.email, own.id);
    expectOk(await call(t, 'DELETE', `/teams/${own.id}`, { headers: as(project, 'server') }));
    const res = await codeCall('accept', code, invitee.access_token);
    expect(res.status).toBe(404);
    expect(['VERIFICATION_CODE_NOT_FOUND', 'TEAM_NOT_FOUND']).toContain(res.json?.code);
    expect(await teamIdsOf(t, project, invitee.user_id)).toEqual([]);
  });
});

describe('GET /team-invitations', () => {
  test('lists pending invitations of the team with their shape; accepted ones disappear', async () => {
    const own = await teamWith(t, project, owner, [member]);
    const headers = as(project, 'client', owner.access_token);
    const first = await invite(uniqueEmail('pending-a'), own.id, headers);
    const secondEmail = uniqueEmail('pending-b');
    const second = await invite(secondEmail, own.id, headers);
    const items = expectList(await listInvitations(as(project, 'server'), own.id));
    expect(items.map((i) => i.id).sort()).toEqual([first.id, second.id].sort());
    const item = items.find((i) => i.id === second.id)!;
    expect(Object.keys(item).sort()).toEqual(['expires_at_millis', 'id', 'recipient_email', 'team_id']);
    expect(item.team_id).toBe(own.id);
    expect(item.recipient_email).toBe(secondEmail);
    expect(Number.isInteger(item.expires_at_millis)).toBe(true);
    expect(Math.abs(item.expires_at_millis - (Date.now() + sevenDays))).toBeLessThan(5 * 60_000);
    // A member holding $read_members and $invite_members (the member default) may list too.
    const asMember = expectList(await listInvitations(as(project, 'client', member.access_token), own.id));
    expect(asMember.map((i) => i.id).sort()).toEqual(items.map((i) => i.id).sort());
    const joiner = await makeUser(t, project);
    expectOk(await codeCall('accept', first.code, joiner.access_token));
    expect(expectList(await listInvitations(as(project, 'server'), own.id)).map((i) => i.id)).toEqual([second.id]);
  });

  test('client refusals: missing permissions, not a member; server: unknown team; no team_id: SCHEMA_ERROR', async () => {
    expectKnownError(await listInvitations(as(project, 'client', bare.access_token)), 401, 'TEAM_PERMISSION_REQUIRED');
    expectKnownError(await listInvitations(as(project, 'client', outsider.access_token)), 404, 'TEAM_MEMBERSHIP_NOT_FOUND');
    const teamId = unknownUuid();
    expectKnownError(await listInvitations(as(project, 'server'), teamId), 404, 'TEAM_NOT_FOUND', { team_id: teamId });
    expectSchemaError(await call(t, 'GET', '/team-invitations', { headers: as(project, 'server') }), 'team_id');
  });

  test('a member with only one of the two permissions is refused', async () => {
    const user = await makeUser(t, project);
    const own = await teamWith(t, project, owner, [user]);
    await revoke(t, project, own.id, user.user_id, 'member');
    const grantOnly = await call(t, 'POST', `/team-permissions/${own.id}/${user.user_id}/$read_members`, {
      headers: as(project, 'server'),
      body: {},
    });
    expectOk(grantOnly, 201);
    expectKnownError(await listInvitations(as(project, 'client', user.access_token), own.id), 401, 'TEAM_PERMISSION_REQUIRED', {
      team_id: own.id,
      user_id: user.user_id,
      permission_id: '$invite_members',
    });
  });
});

describe('DELETE /team-invitations/{id}', () => {
  test('a member without $remove_members is refused; the creator revokes; the code is then unknown', async () => {
    const own = await teamWith(t, project, owner, [member]);
    const invitee = await makeUser(t, project);
    const { id, code } = await invite(invitee.email, own.id);
    expectKnownError(
      await call(t, 'DELETE', `/team-invitations/${id}?team_id=${own.id}`, {
        headers: as(project, 'client', member.access_token),
      }),
      401,
      'TEAM_PERMISSION_REQUIRED',
      { team_id: own.id, user_id: member.user_id, permission_id: '$remove_members' },
    );
    expect(expectList(await listInvitations(as(project, 'server'), own.id)).map((i) => i.id)).toEqual([id]);
    const res = await call(t, 'DELETE', `/team-invitations/${id}?team_id=${own.id}`, {
      headers: as(project, 'client', owner.access_token),
    });
    expect(expectOk(res)).toEqual({ success: true });
    expect(expectList(await listInvitations(as(project, 'server'), own.id))).toEqual([]);
    expectKnownError(await codeCall('accept', code, invitee.access_token), 404, 'VERIFICATION_CODE_NOT_FOUND');
    expect(await teamIdsOf(t, project, invitee.user_id)).toEqual([]);
  });

  test('server revokes; unknown id: text 404; unknown team: TEAM_NOT_FOUND; not a member: TEAM_MEMBERSHIP_NOT_FOUND', async () => {
    const { id } = await invite(uniqueEmail('revoked'));
    expectKnownError(
      await call(t, 'DELETE', `/team-invitations/${id}?team_id=${team.id}`, {
        headers: as(project, 'client', outsider.access_token),
      }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    const teamId = unknownUuid();
    expectKnownError(
      await call(t, 'DELETE', `/team-invitations/${id}?team_id=${teamId}`, { headers: as(project, 'server') }),
      404,
      'TEAM_NOT_FOUND',
      { team_id: teamId },
    );
    expect(expectList(await listInvitations(as(project, 'server'))).map((i) => i.id)).toContain(id);
    expect(
      expectOk(await call(t, 'DELETE', `/team-invitations/${id}?team_id=${team.id}`, { headers: as(project, 'server') })),
    ).toEqual({
      success: true,
    });
    expect(expectList(await listInvitations(as(project, 'server'))).map((i) => i.id)).not.toContain(id);
    expectTextError(
      await call(t, 'DELETE', `/team-invitations/${id}?team_id=${team.id}`, { headers: as(project, 'server') }),
      404,
    );
    expectTextError(
      await call(t, 'DELETE', `/team-invitations/${unknownUuid()}?team_id=${team.id}`, { headers: as(project, 'server') }),
      404,
    );
  });

  test("an invitation of another team cannot be revoked through this team's id", async () => {
    const own = await teamWith(t, project, owner);
    const { id } = await invite(uniqueEmail('elsewhere'), own.id);
    expectTextError(
      await call(t, 'DELETE', `/team-invitations/${id}?team_id=${team.id}`, { headers: as(project, 'server') }),
      404,
    );
    expect(expectList(await listInvitations(as(project, 'server'), own.id)).map((i) => i.id)).toEqual([id]);
  });
});

describe('invitation to a new address', () => {
  test('an address with no account still gets the invitation; whoever signs up with it can accept', async () => {
    const email = uniqueEmail('newcomer');
    const { code, mail } = await invite(email);
    expect(mail.subject).toContain('Rocket Club');
    const signUp = expectOk(
      await call(t, 'POST', '/auth/password/sign-up', {
        headers: as(project, 'client'),
        body: {
          email,
          password: 'correct horse battery',
          verification_callback_url: 'http://localhost:3000/handler/email-verification',
        },
      }),
    );
    expect(expectOk(await codeCall('accept', code, signUp.access_token))).toEqual({});
    expect(await teamIdsOf(t, project, signUp.user_id)).toEqual([team.id]);
  });
});

test('server invitation to an unknown team: TEAM_NOT_FOUND', async () => {
  const teamId = unknownUuid();
  const res = await send(as(project, 'server'), { team_id: teamId, email: uniqueEmail('no-team'), callback_url: callback });
  expectKnownError(res, 404, 'TEAM_NOT_FOUND', { team_id: teamId });
});

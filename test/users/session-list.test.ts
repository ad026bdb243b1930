// A user's sessions, one per sign-in: listed with when and from where each was last used (the
// caller's own marked when its refresh token comes along), ended one at a time by the user
// (client access, their own only), by the server (anyone's) and by `authd users sessions revoke`.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { createAuthClient } from '../../ui/client/index';
import { revokeSessionWithCli } from '../support/cli';
import type { TestInstance } from '../support/instance';
import { as, call, expectOk, expectRefreshRefused, refreshFor, signIn, signUp, uniqueEmail } from '../support/user-views';
import { withProject } from '../support/file-instance';

let t: TestInstance, project: BootstrappedProject;

withProject('Sessions list', (started) => ({ t, project } = started));

const listAs = (accessToken: string, refreshToken?: string) =>
  call(t, 'GET', '/auth/sessions?user_id=me', {
    headers: { ...as(project, 'client', accessToken), ...(refreshToken ? { 'x-stack-refresh-token': refreshToken } : {}) },
  });

describe('sessions of a user', () => {
  test("listed newest first with last use and device; the caller's own marked; one ended by its owner", async () => {
    const laptop = await signUp(t, project, uniqueEmail('devices'));
    const phone = await signIn(t, project, laptop.email, laptop.password);
    const tablet = await signIn(t, project, laptop.email, laptop.password);
    // The phone refreshes: its session records when and with which browser.
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: phone.refresh_token,
      client_id: project.projectId,
      client_secret: project.keys.publishable_client_key!,
    });
    expectOk(
      await call(t, 'POST', '/auth/oauth/token', {
        headers: { 'user-agent': 'Phone Browser/1.0' },
        rawBody: form.toString(),
        contentType: 'application/x-www-form-urlencoded',
      }),
    );

    const listed = expectOk(await listAs(tablet.access_token, tablet.refresh_token));
    expect(listed.items).toHaveLength(3);
    expect(listed.items.filter((s: any) => s.is_current_session)).toHaveLength(1);
    const phoneSession = listed.items.find((s: any) => s.last_used_user_agent === 'Phone Browser/1.0');
    expect(phoneSession.last_used_at_millis).toBeNumber();
    expect(listed.items[0].is_current_session).toBe(true); // the tablet signed in last
    expect(listed.items.map((s: any) => s.created_at_millis)).toEqual(
      [...listed.items.map((s: any) => s.created_at_millis)].sort((a: number, b: number) => b - a),
    );

    expectOk(
      await call(t, 'DELETE', `/auth/sessions/${phoneSession.id}?user_id=me`, {
        headers: as(project, 'client', tablet.access_token),
      }),
    );
    await expectRefreshRefused(t, project, phone.refresh_token);
    expectOk(await refreshFor(t, project, laptop.refresh_token));
    expect(expectOk(await listAs(tablet.access_token)).items).toHaveLength(2);
  });

  test("a client cannot list or end another user's sessions; an unknown session is 404", async () => {
    const owner = await signUp(t, project, uniqueEmail('owner'));
    const intruder = await signUp(t, project, uniqueEmail('intruder'));
    const [ownerSession] = expectOk(await listAs(owner.access_token)).items;
    const list = await call(t, 'GET', `/auth/sessions?user_id=${owner.user_id}`, {
      headers: as(project, 'client', intruder.access_token),
    });
    expect(list.status).toBe(403);
    const end = await call(t, 'DELETE', `/auth/sessions/${ownerSession.id}?user_id=me`, {
      headers: as(project, 'client', intruder.access_token),
    });
    expect(`${end.status} ${end.text}`).toBe('404 Session not found.');
    expectOk(await refreshFor(t, project, owner.refresh_token));
  });

  test("the server lists and ends anyone's; the CLI ends one session", async () => {
    const user = await signUp(t, project, uniqueEmail('server'));
    const second = await signIn(t, project, user.email, user.password);
    const listed = expectOk(await call(t, 'GET', `/auth/sessions?user_id=${user.user_id}`, { headers: as(project, 'server') }));
    expect(listed.items).toHaveLength(2);
    const [newest, oldest] = listed.items;
    expectOk(await call(t, 'DELETE', `/auth/sessions/${oldest.id}?user_id=${user.user_id}`, { headers: as(project, 'server') }));
    await expectRefreshRefused(t, project, user.refresh_token);

    const cli = await revokeSessionWithCli(t, project.projectId, user.user_id, newest.id);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toBe(`Ended session ${newest.id}.\n`);
    await expectRefreshRefused(t, project, second.refresh_token);
  });

  test('authd/client: listSessions marks this device, revokeSession signs another out', async () => {
    const email = uniqueEmail('client-sessions');
    const other = await signUp(t, project, email);
    const client = createAuthClient({
      baseUrl: t.url,
      projectId: project.projectId,
      publishableClientKey: project.keys.publishable_client_key!,
      tokenStore: 'memory',
    });
    await client.signInWithPassword({ email, password: other.password });
    const sessions = await client.listSessions();
    expect(sessions).toHaveLength(2);
    const [mine] = sessions.filter((s) => s.isCurrent);
    const theirs = sessions.find((s) => !s.isCurrent)!;
    expect(mine).toBeDefined();
    await client.revokeSession(theirs.id);
    await expectRefreshRefused(t, project, other.refresh_token);
    expect((await client.listSessions()).map((s) => s.id)).toEqual([mine!.id]);
  });
});

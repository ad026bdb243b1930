// What a new account gets: the user, and the personal team when the project creates one on
// sign-up, written in one transaction. Every way an account comes to be (password, magic link or
// OTP, OAuth, the users API, the CLI and TUI, the CLI's admins) calls here, one floor above users
// and teams, so the user insert itself knows nothing of teams.
import type { UserCreate, UserServerView } from '../../protocol/user-schemas';
import type { Context } from '../storage/context';
import { requireProject } from '../projects/projects';
import { insertUser, type ImportedUserDetails } from '../users/users';
import { readUserServerView } from '../users/user-views';
import { insertTeam } from '../teams/teams';

/**
 * Creates an account and returns the user's id: sign-ups, which go on to a session and never
 * show the view, and imported users (`imported`, their source's id and times). Inside a caller's write transaction (a sign-up whose session commits with the
 * user) it joins that one.
 */
export async function createAccount(ctx: Context, projectId: string, input: UserCreate, imported?: ImportedUserDetails): Promise<string> {
  return await insertUser(
    ctx,
    projectId,
    input,
    async (tx, userId) => {
      if (!(await requireProject(ctx, projectId)).createTeamOnSignUp) return;
      const name = input.display_name || input.primary_email;
      await insertTeam(ctx, tx, projectId, { display_name: name ? `${name}'s Team` : 'Personal Team' }, userId);
    },
    imported,
  );
}

/** Creates an account and answers with the user's view (the users API, the CLI and TUI). */
export async function createUser(ctx: Context, projectId: string, input: UserCreate): Promise<UserServerView> {
  return await readUserServerView(ctx, projectId, await createAccount(ctx, projectId, input));
}

// Team and membership lookups shared by every team rule and by user views (a user's selected
// team), so neither core/users nor core/teams has to import the other to read a row. Only rows:
// the team's wire view is in users/team-views.ts.
import { and, eq } from 'drizzle-orm';
import { teamMembers, teams } from './tables';
import { knownError } from '../../protocol/known-errors';
import type { DbWriter } from './transactions';
import { firstRow } from './query-results';
import { findRowOfProject } from './rows-of-project';

export type TeamRow = typeof teams.$inferSelect;
export type MemberRow = typeof teamMembers.$inferSelect;

export async function findTeamRow(db: DbWriter, projectId: string, teamId: string): Promise<TeamRow | undefined> {
  return await findRowOfProject(db, teams, projectId, teamId);
}

export async function requireTeamRow(db: DbWriter, projectId: string, teamId: string): Promise<TeamRow> {
  const row = await findTeamRow(db, projectId, teamId);
  if (!row) throw knownError('TEAM_NOT_FOUND', teamId);
  return row;
}

export async function findMembership(
  db: DbWriter,
  projectId: string,
  teamId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  return firstRow(
    await db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .limit(1),
  );
}

export async function requireMembership(db: DbWriter, projectId: string, teamId: string, userId: string): Promise<MemberRow> {
  const row = await findMembership(db, projectId, teamId, userId);
  if (!row) throw knownError('TEAM_MEMBERSHIP_NOT_FOUND', teamId, userId);
  return row;
}

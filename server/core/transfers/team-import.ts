// Bulk import of teams and their memberships into a project, from a source's organisations
// (Clerk's organisations, Stack's teams) or authd's team records: run after the users' import,
// since members are found by the id their user had in the source (its external id). One team
// per transaction; every team keeps its source id (external_id), so a second run of the same
// file skips the teams that are there and adds only the memberships still missing.
import { and, eq, or } from 'drizzle-orm';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { firstRow } from '../storage/query-results';
import { teams, users } from '../storage/tables';
import { findMembership } from '../storage/team-queries';
import type { DbWriter } from '../storage/transactions';
import { requireProject } from '../projects/projects';
import { insertTeam } from '../teams/teams';
import { insertMembership } from '../teams/team-memberships';
import { mapClerkOrganization } from './clerk-export';
import { transactionOrDryRun } from './dry-run-transactions';
import { jsonLines } from './source-entries';
import { mapStackTeam } from './stack-export';
import { checkTeamRecord, teamRecordOf, type MappedTeam } from './team-records';
import { readLines } from './text-streams';
import { RecordRefusal, refusalReasonOf } from './user-records';
import { listedLimit, noteRefusal, uuidPattern, type RecordRefusals } from './import-reports';

export const teamImportFormats = ['clerk', 'stack', 'jsonl'] as const;
export type TeamImportFormat = (typeof teamImportFormats)[number];

const readers: Record<TeamImportFormat, (value: unknown) => MappedTeam> = {
  clerk: mapClerkOrganization,
  stack: mapStackTeam,
  jsonl: teamRecordOf,
};

export interface TeamImportReport extends RecordRefusals {
  format: TeamImportFormat;
  dry_run: boolean;
  /** Teams of the file read, refused ones included. */
  read: number;
  imported: number;
  /** Already in the project (same external id); their missing memberships are still added. */
  skipped: number;
  memberships_added: number;
  /** Members whose user is not in the project (not imported yet, or refused at its import). */
  members_not_found_count: number;
  members_not_found: { line: number; team_external_id: string; user_external_id: string }[];
}

export async function importTeams(
  ctx: Context,
  projectId: string,
  format: string,
  bytes: AsyncIterable<Uint8Array>,
  options: { dryRun?: boolean } = {},
): Promise<TeamImportReport> {
  await requireProject(ctx, projectId);
  if (!(teamImportFormats as readonly string[]).includes(format)) throw plainTextError('TEAM_IMPORT_FORMAT_UNKNOWN', format);
  const read = readers[format as TeamImportFormat];
  const report: TeamImportReport = {
    format: format as TeamImportFormat,
    dry_run: options.dryRun === true,
    read: 0,
    imported: 0,
    skipped: 0,
    refused_count: 0,
    refused: [],
    memberships_added: 0,
    members_not_found_count: 0,
    members_not_found: [],
  };
  const refuse = (line: number, externalId: string | null, reason: string) => noteRefusal(report, line, externalId, reason);
  for await (const item of jsonLines(readLines(bytes))) {
    report.read += 1;
    if (item.error !== undefined) {
      refuse(item.line, null, `not valid JSON: ${item.error}`);
      continue;
    }
    let team: MappedTeam;
    try {
      team = checkTeamRecord(read(item.value));
    } catch (error) {
      if (!(error instanceof RecordRefusal)) throw error;
      refuse(item.line, null, error.message);
      continue;
    }
    try {
      const outcome = await transactionOrDryRun(ctx, options.dryRun === true, (tx) => importTeam(ctx, tx, projectId, team));
      report[outcome.created ? 'imported' : 'skipped'] += 1;
      report.memberships_added += outcome.added;
      for (const userExternalId of outcome.notFound) {
        report.members_not_found_count += 1;
        if (report.members_not_found.length < listedLimit) {
          report.members_not_found.push({
            line: item.line,
            team_external_id: team.external_id,
            user_external_id: userExternalId,
          });
        }
      }
    } catch (error) {
      refuse(item.line, team.external_id, refusalReasonOf(error));
    }
  }
  return report;
}

/** The user a member names: by its external id, or by authd's own id. */
async function memberUserId(tx: DbWriter, projectId: string, key: string): Promise<string | undefined> {
  const sameUser = uuidPattern.test(key) ? or(eq(users.externalId, key), eq(users.id, key)) : eq(users.externalId, key);
  return firstRow(
    await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.projectId, projectId), sameUser))
      .limit(1),
  )?.id;
}

async function importTeam(ctx: Context, tx: DbWriter, projectId: string, team: MappedTeam) {
  const existing = firstRow(
    await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.projectId, projectId), eq(teams.externalId, team.external_id)))
      .limit(1),
  );
  const teamId =
    existing?.id ??
    (
      await insertTeam(
        ctx,
        tx,
        projectId,
        {
          display_name: team.display_name,
          profile_image_url: team.profile_image_url ?? null,
          ...(team.client_metadata !== undefined ? { client_metadata: team.client_metadata } : {}),
          ...(team.client_read_only_metadata !== undefined ? { client_read_only_metadata: team.client_read_only_metadata } : {}),
          ...(team.server_metadata !== undefined ? { server_metadata: team.server_metadata } : {}),
        },
        undefined,
        { externalId: team.external_id, createdAt: team.created_at_millis ?? ctx.clock.now() },
      )
    ).id;
  let added = 0;
  const notFound: string[] = [];
  for (const member of team.members) {
    const userId = await memberUserId(tx, projectId, member.user_external_id);
    if (!userId) {
      notFound.push(member.user_external_id);
      continue;
    }
    if (await findMembership(tx, projectId, teamId, userId)) continue;
    await insertMembership(ctx, tx, projectId, teamId, userId, member.admin ? 'team_creator' : 'team_member');
    added += 1;
  }
  return { created: existing === undefined, added, notFound };
}

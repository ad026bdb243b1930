// A team's server view, as the teams API answers and as a user's view shows the selected team.
// It sits on the users floor, the lowest that shows it (teams are above users), so both read it.
import type { TeamServerView } from '../../protocol/team-views';
import type { DbWriter } from '../storage/transactions';
import { findTeamRow, type TeamRow } from '../storage/team-queries';

export function teamServerView(row: TeamRow): TeamServerView {
  return {
    id: row.id,
    display_name: row.displayName,
    profile_image_url: row.profileImageUrl,
    client_metadata: row.clientMetadata ?? null,
    client_read_only_metadata: row.clientReadOnlyMetadata ?? null,
    created_at_millis: row.createdAt,
    server_metadata: row.serverMetadata ?? null,
  };
}

/** A team's server view, or null when it no longer exists. */
export async function findTeamServerView(db: DbWriter, projectId: string, teamId: string): Promise<TeamServerView | null> {
  const row = await findTeamRow(db, projectId, teamId);
  return row ? teamServerView(row) : null;
}

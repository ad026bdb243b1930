// authd's team record: what every organisation reader maps a source's team onto, and what
// `authd teams import --format jsonl` reads as it is. Members name their user by the id the user
// had in the source (the imported user's external id) or by authd's own id.
import * as v from 'valibot';
import { teamCreateServerSchema } from '../../protocol/team-schemas';
import { RecordRefusal } from './user-records';

export interface TeamMemberRecord {
  user_external_id: string;
  /** Joins with the team creator's default permissions rather than a member's. */
  admin: boolean;
}

export interface MappedTeam {
  external_id: string;
  display_name: string;
  profile_image_url?: string | null;
  client_metadata?: unknown;
  client_read_only_metadata?: unknown;
  server_metadata?: unknown;
  created_at_millis?: number;
  members: TeamMemberRecord[];
}

const memberSchema = v.object({ user_external_id: v.pipe(v.string(), v.minLength(1)), admin: v.optional(v.boolean(), false) });

/** A jsonl line as a team record, or a refusal naming the field. */
export function teamRecordOf(value: unknown): MappedTeam {
  const shape = v.safeParse(
    v.object({
      external_id: v.pipe(v.string(), v.minLength(1)),
      display_name: v.string(),
      profile_image_url: v.optional(v.nullable(v.string())),
      client_metadata: v.optional(v.unknown()),
      client_read_only_metadata: v.optional(v.unknown()),
      server_metadata: v.optional(v.unknown()),
      created_at_millis: v.optional(v.pipe(v.number(), v.integer())),
      members: v.optional(v.array(memberSchema), []),
    }),
    value,
  );
  if (!shape.success) throw new RecordRefusal(describeIssue(shape.issues[0]));
  return shape.output;
}

/** The fields authd's teams take, checked as the API checks a new team's. */
export function checkTeamRecord(team: MappedTeam): MappedTeam {
  const checked = v.safeParse(teamCreateServerSchema, {
    display_name: team.display_name,
    ...(team.profile_image_url != null ? { profile_image_url: team.profile_image_url } : {}),
    ...(team.client_metadata !== undefined ? { client_metadata: team.client_metadata } : {}),
    ...(team.client_read_only_metadata !== undefined ? { client_read_only_metadata: team.client_read_only_metadata } : {}),
    ...(team.server_metadata !== undefined ? { server_metadata: team.server_metadata } : {}),
  });
  if (!checked.success) throw new RecordRefusal(describeIssue(checked.issues[0]));
  return team;
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = issue.path?.map((item) => String(item.key)).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

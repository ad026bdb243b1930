// What a team looks like on the wire, to clients and to servers. Its own module because user views
// embed the selected team, and the team schemas reuse the user field schemas.
export interface TeamClientView {
  id: string;
  display_name: string;
  profile_image_url: string | null;
  client_metadata: unknown;
  client_read_only_metadata: unknown;
}
export interface TeamServerView extends TeamClientView {
  created_at_millis: number;
  server_metadata: unknown;
}

export function toClientTeamView(team: TeamServerView): TeamClientView {
  const { created_at_millis: _c, server_metadata: _s, ...client } = team;
  return client;
}

// Teams: list, create (n), delete (d, confirmed), and Enter for a team's members (a adds one
// by user id, x removes the selected one).
import { Box, useInput } from 'ink';
import { useState } from 'react';
import { serverCaller } from '../../../server/core/teams/team-callers';
import { addTeamMember, removeTeamMember } from '../../../server/core/teams/team-memberships';
import { createTeam, deleteTeam, listMemberProfiles, listTeams } from '../../../server/core/teams/teams';
import { teamCreateServerSchema } from '../../../server/protocol/team-schemas';
import { parseWithSchema } from '../../cli-support';
import { EditableListView, useEditableList } from '../editable-list';
import { useReloadable } from '../use-loaded';
import { useAction, useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';
import { TextField } from '../text-field';

export function TeamsScreen({ projectId }: { projectId: string }) {
  const { ctx, push } = useNavigation();
  const act = useAction();
  const teams = useEditableList(() => listTeams(ctx, projectId), [projectId], (team) =>
    push({ title: team.display_name, element: <MembersScreen projectId={projectId} teamId={team.id} /> }),
  );
  useHelp('↑↓ move · Enter members · n new team · d delete');
  return (
    <EditableListView
      list={teams}
      empty="No teams yet."
      row={(team) => `${team.display_name.padEnd(30).slice(0, 30)} ${team.id}`}
      create={{
        label: 'Team name',
        submit: (name) =>
          void act(async () => {
            await createTeam(ctx, projectId, serverCaller, parseWithSchema(teamCreateServerSchema, { display_name: name }), undefined);
            teams.setMode('list');
          }, `Team "${name}" created.`),
      }}
      remove={{
        question: (team) => `Delete team "${team.display_name}" with its memberships?`,
        change: (team) => deleteTeam(ctx, projectId, serverCaller, team.id),
        done: 'Team deleted.',
      }}
    />
  );
}

function MembersScreen({ projectId, teamId }: { projectId: string; teamId: string }) {
  const { ctx } = useNavigation();
  const act = useAction();
  const [adding, setAdding] = useState(false);
  const [membersLoaded, reload] = useReloadable(() => listMemberProfiles(ctx, projectId, serverCaller, { teamId }), [projectId, teamId, adding]);
  const members = membersLoaded ?? [];
  const selected = useSelection(members.length, !adding);
  useInput(
    (input) => {
      if (input === 'a') setAdding(true);
      if (input === 'x' && members[selected]) {
        void act(async () => {
          await removeTeamMember(ctx, projectId, serverCaller, teamId, members[selected]!.user_id);
          reload();
        }, 'Member removed.');
      }
    },
    { isActive: !adding },
  );
  useHelp('↑↓ move · a add member · x remove');
  return (
    <Box flexDirection="column">
      <ListRows
        items={members}
        selected={selected}
        empty="No members."
        row={(m) => `${(m.user.primary_email ?? '').padEnd(32).slice(0, 32)} ${m.user_id}`}
      />
      {adding ? (
        <TextField
          label="User id to add"
          onCancel={() => setAdding(false)}
          onSubmit={(userId) =>
            void act(async () => {
              await addTeamMember(ctx, projectId, teamId, userId.trim());
              setAdding(false);
            }, 'Member added.')
          }
        />
      ) : null}
    </Box>
  );
}

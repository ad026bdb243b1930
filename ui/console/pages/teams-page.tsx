// A project's teams (GET /teams as its admin, oldest first) and a form to create one.
import { useState, type FormEvent } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { DataTable } from '../data-table';
import { Section } from '../section';
import { useAction } from '../action';
import { PanelForm, TextField } from '../text-field';
import { cellNowrapClass, linkClass, monoClass, pageTitleClass, primaryButtonClass } from '../styles';

const route = getRouteApi('/projects/$projectId/teams');

export interface TeamView {
  id: string;
  display_name: string;
  created_at_millis: number;
}

export function TeamsPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const teams = useApiData(() => api.project<{ items: TeamView[] }>(projectId, 'GET', '/teams'), [projectId]);
  return (
    <>
      <h1 className={pageTitleClass}>Teams</h1>
      <CreateTeamForm projectId={projectId} onCreated={teams.reload} />
      <Section id="teams-title" title="All teams">
        <DataTable
          items="teams"
          data={teams}
          empty={{ title: 'No teams yet', hint: 'Create one above, or let users create their own if the project allows it.' }}
          columns={[
            {
              header: 'Team',
              cell: (team) => (
                <Link to="/projects/$projectId/teams/$teamId" params={{ projectId, teamId: team.id }} className={linkClass}>
                  {team.display_name}
                </Link>
              ),
            },
            { header: 'Id', wideOnly: true, className: monoClass, cell: (team) => team.id },
            {
              header: 'Created',
              className: cellNowrapClass,
              cell: (team) => new Date(team.created_at_millis).toLocaleDateString(),
            },
          ]}
        />
      </Section>
    </>
  );
}

function CreateTeamForm(props: { projectId: string; onCreated(): void }) {
  const { api } = useConsoleSession();
  const [name, setName] = useState('');
  const action = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return action.refuse('Give the team a name.');
    void action.run(async () => {
      await api.project(props.projectId, 'POST', '/teams', { display_name: name.trim() });
      setName('');
      props.onCreated();
    });
  };
  return (
    <PanelForm
      id="new-team-title"
      title="New team"
      onSubmit={submit}
      submit={action.busy ? 'Creating…' : 'Create team'}
      submitClass={primaryButtonClass}
      busy={action.busy}
      failure={action.failure}
    >
      <TextField id="team-name" label="Name" value={name} maxLength={200} onChange={setName} />
    </PanelForm>
  );
}

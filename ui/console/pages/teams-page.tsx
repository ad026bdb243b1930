// A project's teams (GET /teams as its admin, oldest first) and a form to create one.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { formatDay, useConsoleT } from '../console-messages';
import { DataTable } from '../data-table';
import { Section } from '../section';
import { NameCreationForm } from '../name-creation-form';
import { cellNowrapClass, linkClass, monoClass, pageTitleClass } from '../styles';

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
  const t = useConsoleT();
  return (
    <>
      <h1 className={pageTitleClass}>{t('teams.title')}</h1>
      <CreateTeamForm projectId={projectId} onCreated={teams.reload} />
      <Section id="teams-title" title={t('teams.all')}>
        <DataTable
          text={{ loading: t('teams.loading'), failed: t('teams.failed'), label: t('teams.table') }}
          testId="teams-table"
          data={teams}
          empty={{ title: t('teams.emptyTitle'), hint: t('teams.emptyHint') }}
          columns={[
            {
              header: t('teams.team'),
              cell: (team) => (
                <Link to="/projects/$projectId/teams/$teamId" params={{ projectId, teamId: team.id }} className={linkClass}>
                  {team.display_name}
                </Link>
              ),
            },
            { header: t('common.id'), wideOnly: true, className: monoClass, cell: (team) => team.id },
            {
              header: t('common.created'),
              className: cellNowrapClass,
              cell: (team) => formatDay(t, team.created_at_millis),
            },
          ]}
        />
      </Section>
    </>
  );
}

function CreateTeamForm(props: { projectId: string; onCreated(): void }) {
  const { api } = useConsoleSession();
  const t = useConsoleT();
  return (
    <NameCreationForm
      id="new-team-title"
      fieldId="team-name"
      title={t('teams.new')}
      createLabel={t('teams.create')}
      nameRequired={t('teams.nameRequired')}
      create={(name) => api.project(props.projectId, 'POST', '/teams', { display_name: name })}
      onCreated={props.onCreated}
    />
  );
}

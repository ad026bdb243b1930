// A project's teams (GET /teams as its admin, oldest first) and a form to create one.
import { useState, type FormEvent } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { describeFailure } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { EmptyState, FailedState, LoadingState, FailureAlert } from '../page-states';
import { TableFrame } from '../table-frame';
import {
  cellNowrapClass,
  fieldClass,
  formRowClass,
  inputClass,
  labelClass,
  linkClass,
  monoClass,
  mutedClass,
  pageTitleClass,
  panelClass,
  primaryButtonClass,
  sectionTitleClass,
  tableClass,
  wideOnlyClass,
} from '../styles';

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
      <section className={panelClass} aria-labelledby="teams-title">
        <h2 id="teams-title" className={sectionTitleClass}>
          All teams
        </h2>
        {teams.state === 'loading' ? (
          <LoadingState label="Loading teams…" />
        ) : teams.state === 'failed' ? (
          <FailedState what="The teams" error={teams.error} onRetry={teams.reload} />
        ) : teams.data.items.length === 0 ? (
          <EmptyState title="No teams yet">
            <p className={mutedClass}>Create one above, or let users create their own if the project allows it.</p>
          </EmptyState>
        ) : (
          <TableFrame label="Table of teams">
            <table className={tableClass} data-testid="teams-table">
              <thead>
                <tr>
                  <th scope="col">Team</th>
                  <th scope="col" className={wideOnlyClass}>
                    Id
                  </th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {teams.data.items.map((team) => (
                  <tr key={team.id}>
                    <td>
                      <Link to="/projects/$projectId/teams/$teamId" params={{ projectId, teamId: team.id }} className={linkClass}>
                        {team.display_name}
                      </Link>
                    </td>
                    <td className={`${monoClass} ${wideOnlyClass}`}>{team.id}</td>
                    <td className={cellNowrapClass}>{new Date(team.created_at_millis).toLocaleDateString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>
    </>
  );
}

function CreateTeamForm(props: { projectId: string; onCreated(): void }) {
  const { api } = useConsoleSession();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setFailure('Give the team a name.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await api.project(props.projectId, 'POST', '/teams', { display_name: name.trim() });
      setName('');
      props.onCreated();
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={panelClass} onSubmit={submit} aria-labelledby="new-team-title" noValidate>
      <h2 id="new-team-title" className={sectionTitleClass}>
        New team
      </h2>
      <div className={formRowClass}>
        <div className={fieldClass}>
          <label className={labelClass} htmlFor="team-name">
            Name
          </label>
          <input id="team-name" className={inputClass} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Creating…' : 'Create team'}
        </button>
      </div>
      <FailureAlert message={failure} />
    </form>
  );
}

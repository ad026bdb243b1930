// One team: its members with the permissions granted to each (add by email, remove), its open
// invitations (send, revoke) and deletion, all through the API as the project's admin.
import { useState, type FormEvent } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { UserServerView } from '../../../server/protocol/user-schemas';
import { ConsoleRefusal, describeFailure, type AdminApi } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { TypedConfirmation } from '../confirm-dialog';
import { EmptyState, FailedState, LoadingState } from '../page-states';
import { TableFrame } from '../table-frame';
import type { TeamView } from './teams-page';
import {
  badgeClass,
  cellNowrapClass,
  errorTextClass,
  fieldClass,
  formRowClass,
  inputClass,
  labelClass,
  linkClass,
  mutedClass,
  pageTitleClass,
  panelClass,
  secondaryButtonClass,
  sectionTitleClass,
  smallButtonClass,
  stackedCellClass,
  successTextClass,
  tableClass,
  titleRowClass,
  visuallyHiddenClass,
  wideOnlyClass,
} from '../styles';

const route = getRouteApi('/projects/$projectId/teams/$teamId');

interface Grant {
  id: string;
  user_id: string;
}

interface Invitation {
  id: string;
  recipient_email: string;
  expires_at_millis: number;
}

interface List<T> {
  items: T[];
}

export function TeamDetailPage() {
  const { projectId, teamId } = route.useParams();
  const { api } = useConsoleSession();
  const navigate = useNavigate();
  const team = useApiData(() => api.project<TeamView>(projectId, 'GET', `/teams/${encodeURIComponent(teamId)}`), [projectId, teamId]);
  const back = (
    <Link to="/projects/$projectId/teams" params={{ projectId }} className={linkClass}>
      ← All teams
    </Link>
  );
  if (team.state === 'loading') return <>{back}<LoadingState label="Loading the team…" /></>;
  if (team.state === 'failed') return <>{back}<FailedState what="This team" error={team.error} onRetry={team.reload} /></>;
  return (
    <>
      {back}
      <div className={titleRowClass}>
        <h1 className={pageTitleClass}>{team.data.display_name}</h1>
        <TypedConfirmation
          action="Delete team"
          title={`Delete ${team.data.display_name}?`}
          description="Its memberships, permissions granted in it and open invitations are deleted for good; its members' accounts stay."
          phrase={team.data.display_name}
          onConfirm={async () => {
            await api.project(projectId, 'DELETE', `/teams/${encodeURIComponent(teamId)}`);
            await navigate({ to: '/projects/$projectId/teams', params: { projectId } });
          }}
        />
      </div>
      <MembersSection api={api} projectId={projectId} teamId={teamId} />
      <InvitationsSection api={api} projectId={projectId} teamId={teamId} />
    </>
  );
}

function MembersSection(props: { api: AdminApi; projectId: string; teamId: string }) {
  const { api, projectId, teamId } = props;
  const team = encodeURIComponent(teamId);
  const members = useApiData(async () => {
    const [users, grants] = await Promise.all([
      api.project<List<UserServerView>>(projectId, 'GET', `/users?team_id=${team}`),
      api.project<List<Grant>>(projectId, 'GET', `/team-permissions?team_id=${team}&recursive=false`),
    ]);
    return { users: users.items, grants: grants.items };
  }, [projectId, teamId]);
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, message: await work() });
    } catch (error) {
      setOutcome({ ok: false, message: describeFailure(error) });
    } finally {
      setBusy(false);
      members.reload();
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const wanted = email.trim().toLowerCase();
    if (!wanted) {
      setOutcome({ ok: false, message: 'Enter the email address of a user of this project.' });
      return;
    }
    void act(async () => {
      const found = await api.project<List<UserServerView>>(projectId, 'GET', `/users?query=${encodeURIComponent(wanted)}`);
      const user = found.items.find((candidate) => candidate.primary_email?.toLowerCase() === wanted);
      if (!user) throw new ConsoleRefusal(`No user of this project has the email ${wanted}.`);
      await api.project(projectId, 'POST', `/team-memberships/${team}/${encodeURIComponent(user.id)}`, {});
      setEmail('');
      return `${wanted} added to the team.`;
    });
  };

  return (
    <section className={panelClass} aria-labelledby="members-title">
      <h2 id="members-title" className={sectionTitleClass}>
        Members
      </h2>
      <form className={formRowClass} onSubmit={add} noValidate>
        <div className={fieldClass}>
          <label className={labelClass} htmlFor="member-email">
            Add a user by email
          </label>
          <input id="member-email" className={inputClass} type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <button type="submit" className={secondaryButtonClass} disabled={busy}>
          Add member
        </button>
      </form>
      <p role="status" className={outcome && !outcome.ok ? errorTextClass : successTextClass}>
        {outcome?.message ?? ''}
      </p>
      {members.state === 'loading' ? (
        <LoadingState label="Loading members…" />
      ) : members.state === 'failed' ? (
        <FailedState what="The members" error={members.error} onRetry={members.reload} />
      ) : members.data.users.length === 0 ? (
        <EmptyState title="No members yet" />
      ) : (
        <TableFrame label="Table of members">
          <table className={tableClass} data-testid="members-table">
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col" className={wideOnlyClass}>
                  Permissions
                </th>
                <th scope="col">
                  <span className={visuallyHiddenClass}>Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.data.users.map((user) => (
                <tr key={user.id}>
                  <td>
                    <span className={stackedCellClass}>
                      <Link to="/projects/$projectId/users/$userId" params={{ projectId, userId: user.id }} className={linkClass}>
                        {user.display_name ?? user.primary_email ?? user.id}
                      </Link>
                      {user.display_name && user.primary_email ? <span className={mutedClass}>{user.primary_email}</span> : null}
                    </span>
                  </td>
                  <td className={wideOnlyClass}>
                    {members.data.grants
                      .filter((grant) => grant.user_id === user.id)
                      .map((grant) => (
                        <span key={grant.id} className={badgeClass}>
                          {grant.id}
                        </span>
                      ))}
                  </td>
                  <td className={cellNowrapClass}>
                    <button
                      type="button"
                      className={smallButtonClass}
                      disabled={busy}
                      aria-label={`Remove ${user.primary_email ?? user.display_name ?? user.id} from the team`}
                      onClick={() =>
                        act(async () => {
                          await api.project(projectId, 'DELETE', `/team-memberships/${team}/${encodeURIComponent(user.id)}`);
                          return `${user.primary_email ?? 'The user'} removed from the team.`;
                        })
                      }
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}

function InvitationsSection(props: { api: AdminApi; projectId: string; teamId: string }) {
  const { api, projectId, teamId } = props;
  const team = encodeURIComponent(teamId);
  const invitations = useApiData(() => api.project<List<Invitation>>(projectId, 'GET', `/team-invitations?team_id=${team}`), [projectId, teamId]);
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, message: await work() });
    } catch (error) {
      setOutcome({ ok: false, message: describeFailure(error) });
    } finally {
      setBusy(false);
      invitations.reload();
    }
  };
  const send = (event: FormEvent) => {
    event.preventDefault();
    const recipient = email.trim();
    if (!recipient.includes('@')) {
      setOutcome({ ok: false, message: 'Enter an email address to invite.' });
      return;
    }
    void act(async () => {
      // The link opens the project's own hosted invitation screen, which authd always trusts.
      const callbackUrl = `${location.origin}/projects/${encodeURIComponent(projectId)}/handler/team-invitation`;
      await api.project(projectId, 'POST', '/team-invitations/send-code', { team_id: teamId, email: recipient, callback_url: callbackUrl });
      setEmail('');
      return `Invitation sent to ${recipient}.`;
    });
  };
  return (
    <section className={panelClass} aria-labelledby="invitations-title">
      <h2 id="invitations-title" className={sectionTitleClass}>
        Invitations
      </h2>
      <form className={formRowClass} onSubmit={send} noValidate>
        <div className={fieldClass}>
          <label className={labelClass} htmlFor="invite-email">
            Invite by email
          </label>
          <input id="invite-email" className={inputClass} type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <button type="submit" className={secondaryButtonClass} disabled={busy}>
          Send invitation
        </button>
      </form>
      <p role="status" className={outcome && !outcome.ok ? errorTextClass : successTextClass}>
        {outcome?.message ?? ''}
      </p>
      {invitations.state === 'loading' ? (
        <LoadingState label="Loading invitations…" />
      ) : invitations.state === 'failed' ? (
        <FailedState what="The invitations" error={invitations.error} onRetry={invitations.reload} />
      ) : invitations.data.items.length === 0 ? (
        <EmptyState title="No open invitations" />
      ) : (
        <TableFrame label="Table of invitations">
          <table className={tableClass} data-testid="invitations-table">
            <thead>
              <tr>
                <th scope="col">Recipient</th>
                <th scope="col" className={wideOnlyClass}>
                  Expires
                </th>
                <th scope="col">
                  <span className={visuallyHiddenClass}>Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invitations.data.items.map((invitation) => (
                <tr key={invitation.id}>
                  <td>{invitation.recipient_email}</td>
                  <td className={wideOnlyClass}>{new Date(invitation.expires_at_millis).toLocaleString()}</td>
                  <td className={cellNowrapClass}>
                    <button
                      type="button"
                      className={smallButtonClass}
                      disabled={busy}
                      aria-label={`Revoke the invitation to ${invitation.recipient_email}`}
                      onClick={() =>
                        act(async () => {
                          await api.project(projectId, 'DELETE', `/team-invitations/${encodeURIComponent(invitation.id)}?team_id=${team}`);
                          return `Invitation to ${invitation.recipient_email} revoked.`;
                        })
                      }
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}

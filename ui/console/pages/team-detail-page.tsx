// One team: its members with the permissions granted to each (add by email, remove), its open
// invitations (send, revoke) and deletion, all through the API as the project's admin.
import { useState, type FormEvent } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { UserServerView } from '../../../server/protocol/user-schemas';
import { ConsoleRefusal, type AdminApi } from '../admin-api';
import { useApiData, type List } from '../api-data';
import { UserLink } from '../user-link';
import { useConsoleSession } from '../console-context';
import { formatMoment, useConsoleT } from '../console-messages';
import { TypedConfirmation } from '../confirm-dialog';
import { ApiStates, DataTable } from '../data-table';
import { Section } from '../section';
import { ActionButton, OutcomeLine, useAction } from '../action';
import { RowForm, TextField } from '../text-field';
import type { TeamView } from './teams-page';
import { badgeClass, cellNowrapClass, linkClass, mutedClass, pageTitleClass, secondaryButtonClass, stackedCellClass, titleRowClass } from '../styles';

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

export function TeamDetailPage() {
  const { projectId, teamId } = route.useParams();
  const { api } = useConsoleSession();
  const navigate = useNavigate();
  const team = useApiData(() => api.project<TeamView>(projectId, 'GET', `/teams/${encodeURIComponent(teamId)}`), [projectId, teamId]);
  const t = useConsoleT();
  const back = (
    <Link to="/projects/$projectId/teams" params={{ projectId }} className={linkClass}>
      {t('team.back')}
    </Link>
  );
  return (
    <>
      {back}
      <ApiStates data={team} loading={t('team.loading')} failed={t('team.failed')}>
        {(view) => (
          <>
            <div className={titleRowClass}>
              <h1 className={pageTitleClass}>{view.display_name}</h1>
              <TypedConfirmation
                action={t('team.delete')}
                title={t('projects.deleteTitle', { project: view.display_name })}
                description={t('team.deleteText')}
                phrase={view.display_name}
                onConfirm={async () => {
                  await api.project(projectId, 'DELETE', `/teams/${encodeURIComponent(teamId)}`);
                  await navigate({ to: '/projects/$projectId/teams', params: { projectId } });
                }}
              />
            </div>
            <MembersSection api={api} projectId={projectId} teamId={teamId} />
            <InvitationsSection api={api} projectId={projectId} teamId={teamId} />
          </>
        )}
      </ApiStates>
    </>
  );
}

/** One email address and a button that does something with it; emptied when that worked. */
function EmailForm(props: {
  id: string;
  label: string;
  submit: string;
  action: ReturnType<typeof useAction>;
  onEmail(email: string): Promise<boolean> | void;
}) {
  const [email, setEmail] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await props.onEmail(email)) setEmail('');
  };
  return (
    <>
      <RowForm onSubmit={submit} submit={props.submit} submitClass={secondaryButtonClass} busy={props.action.busy}>
        <TextField id={props.id} label={props.label} type="email" value={email} onChange={setEmail} />
      </RowForm>
      <OutcomeLine outcome={props.action.outcome} />
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
    return { items: users.items, grants: grants.items };
  }, [projectId, teamId]);
  const action = useAction(members.reload);
  const t = useConsoleT();
  const add = (email: string) => {
    const wanted = email.trim().toLowerCase();
    if (!wanted) return action.refuse(t('team.memberEmailRequired'));
    return action.run(async () => {
      const found = await api.project<List<UserServerView>>(projectId, 'GET', `/users?query=${encodeURIComponent(wanted)}`);
      const user = found.items.find((candidate) => candidate.primary_email?.toLowerCase() === wanted);
      if (!user) throw new ConsoleRefusal(t('team.noSuchUser', { email: wanted }));
      await api.project(projectId, 'POST', `/team-memberships/${team}/${encodeURIComponent(user.id)}`, {});
      return t('team.added', { email: wanted });
    });
  };
  const grantsOf = (userId: string) => (members.state === 'ready' ? members.data.grants.filter((grant) => grant.user_id === userId) : []);

  return (
    <Section id="members-title" title={t('team.members')}>
      <EmailForm id="member-email" label={t('team.addByEmail')} submit={t('team.addMember')} action={action} onEmail={add} />
      <DataTable
        text={{ loading: t('team.membersLoading'), failed: t('team.membersFailed'), label: t('team.membersTable') }}
        testId="members-table"
        data={members}
        empty={{ title: t('team.membersEmpty') }}
        columns={[
          {
            header: t('team.member'),
            cell: (user) => (
              <span className={stackedCellClass}>
                <UserLink projectId={projectId} user={user} />
                {user.display_name && user.primary_email ? <span className={mutedClass}>{user.primary_email}</span> : null}
              </span>
            ),
          },
          {
            header: t('nav.permissions'),
            wideOnly: true,
            cell: (user) =>
              grantsOf(user.id).map((grant) => (
                <span key={grant.id} className={badgeClass}>
                  {grant.id}
                </span>
              )),
          },
          {
            header: t('common.action'),
            headerHidden: true,
            className: cellNowrapClass,
            cell: (user) => (
              <ActionButton
                action={action}
                label={t('team.removeLabel', { user: user.primary_email ?? user.display_name ?? user.id })}
                work={async () => {
                  await api.project(projectId, 'DELETE', `/team-memberships/${team}/${encodeURIComponent(user.id)}`);
                  return user.primary_email === null ? t('team.removedUser') : t('team.removed', { email: user.primary_email });
                }}
              >
                {t('team.remove')}
              </ActionButton>
            ),
          },
        ]}
      />
    </Section>
  );
}

function InvitationsSection(props: { api: AdminApi; projectId: string; teamId: string }) {
  const { api, projectId, teamId } = props;
  const team = encodeURIComponent(teamId);
  const invitations = useApiData(() => api.project<List<Invitation>>(projectId, 'GET', `/team-invitations?team_id=${team}`), [projectId, teamId]);
  const action = useAction(invitations.reload);
  const t = useConsoleT();
  const send = (email: string) => {
    const recipient = email.trim();
    if (!recipient.includes('@')) return action.refuse(t('team.inviteEmailRequired'));
    return action.run(async () => {
      // The link opens the project's own hosted invitation screen, which authd always trusts.
      const callbackUrl = `${location.origin}/projects/${encodeURIComponent(projectId)}/handler/team-invitation`;
      await api.project(projectId, 'POST', '/team-invitations/send-code', {
        team_id: teamId,
        email: recipient,
        callback_url: callbackUrl,
      });
      return t('team.invitationSent', { email: recipient });
    });
  };
  return (
    <Section id="invitations-title" title={t('team.invitations')}>
      <EmailForm id="invite-email" label={t('team.inviteByEmail')} submit={t('team.sendInvitation')} action={action} onEmail={send} />
      <DataTable
        text={{ loading: t('team.invitationsLoading'), failed: t('team.invitationsFailed'), label: t('team.invitationsTable') }}
        testId="invitations-table"
        data={invitations}
        empty={{ title: t('team.invitationsEmpty') }}
        columns={[
          { header: t('team.recipient'), cell: (invitation) => invitation.recipient_email },
          { header: t('team.expires'), wideOnly: true, cell: (invitation) => formatMoment(t, invitation.expires_at_millis) },
          {
            header: t('common.action'),
            headerHidden: true,
            className: cellNowrapClass,
            cell: (invitation) => (
              <ActionButton
                action={action}
                label={t('team.revokeLabel', { email: invitation.recipient_email })}
                work={async () => {
                  await api.project(projectId, 'DELETE', `/team-invitations/${encodeURIComponent(invitation.id)}?team_id=${team}`);
                  return t('team.revoked', { email: invitation.recipient_email });
                }}
              >
                {t('team.revoke')}
              </ActionButton>
            ),
          },
        ]}
      />
    </Section>
  );
}

// One user of a project, as its admin sees them: profile (display name editable), contact
// channels, the three metadata kinds as JSON editors, sessions (end one or all) and deletion.
import { useState, type FormEvent } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { UserServerView } from '../../../server/protocol/user-schemas';
import type { AdminApi } from '../admin-api';
import { useApiData, type List } from '../api-data';
import { useConsoleSession } from '../console-context';
import { ApiStates, DataTable } from '../data-table';
import { Section } from '../section';
import { OutcomeLine, useAction } from '../action';
import { RowForm, TextField } from '../text-field';
import { PasskeysSection, SignInSection, UserAuditSection, UserTeamsSection } from './user-detail-sections';
import { TypedConfirmation } from '../confirm-dialog';
import { JsonEditor } from '../json-editor';
import { FailureAlert } from '../page-states';
import {
  badgeClass,
  channelListClass,
  definitionListClass,
  detailGridClass,
  linkClass,
  pageTitleClass,
  secondaryButtonClass,
  smallButtonClass,
  smallDangerButtonClass,
  titleRowClass,
} from '../styles';

const route = getRouteApi('/projects/$projectId/users/$userId');

interface ContactChannel {
  id: string;
  value: string;
  type: string;
  used_for_auth: boolean;
  is_verified: boolean;
  is_primary: boolean;
}

interface UserSession {
  id: string;
  created_at_millis: number;
  last_used_at_millis: number | null;
  last_used_ip: string | null;
  last_used_user_agent: string | null;
}

/** The three metadata kinds, by who may read and change them. */
const metadataKinds = [
  { field: 'client_metadata', label: 'Client metadata', hint: "The user's app can read and change it." },
  { field: 'client_read_only_metadata', label: 'Client read-only metadata', hint: "The user's app can read it; only servers change it." },
  { field: 'server_metadata', label: 'Server metadata', hint: 'Only servers read and change it.' },
] as const;

function dateTime(millis: number | null): string {
  return millis === null ? '—' : new Date(millis).toLocaleString();
}

export function UserDetailPage() {
  const { projectId, userId } = route.useParams();
  const { api } = useConsoleSession();
  const navigate = useNavigate();
  const user = useApiData(() => api.project<UserServerView>(projectId, 'GET', `/users/${encodeURIComponent(userId)}`), [projectId, userId]);

  const back = (
    <Link to="/projects/$projectId/users" params={{ projectId }} className={linkClass}>
      ← All users
    </Link>
  );
  const save = async (patch: Record<string, unknown>) => {
    await api.project(projectId, 'PATCH', `/users/${encodeURIComponent(userId)}`, patch);
  };

  return (
    <>
      {back}
      <ApiStates data={user} loading="Loading the user…" failed="This user">
        {(view) => (
          <>
            <div className={titleRowClass}>
              <h1 className={pageTitleClass}>{view.display_name ?? view.primary_email ?? 'User'}</h1>
              <TypedConfirmation
                action="Delete user"
                title="Delete this user?"
                description="The account, its sessions, contact channels and team memberships are deleted for good."
                phrase={view.primary_email ?? view.id}
                onConfirm={async () => {
                  await api.project(projectId, 'DELETE', `/users/${encodeURIComponent(userId)}`);
                  await navigate({ to: '/projects/$projectId/users', params: { projectId } });
                }}
              />
            </div>
            <div className={detailGridClass}>
              <ProfileSection view={view} onSave={save} />
              <ContactChannelsSection api={api} projectId={projectId} userId={userId} />
            </div>
            <Section id="metadata-title" title="Metadata">
              {metadataKinds.map((kind) => (
                <JsonEditor
                  key={kind.field}
                  testId={kind.field.replaceAll('_', '-')}
                  label={kind.label}
                  hint={kind.hint}
                  value={view[kind.field]}
                  onSave={(value) => save({ [kind.field]: value })}
                />
              ))}
            </Section>
            <div className={detailGridClass}>
              <SignInSection api={api} projectId={projectId} userId={userId} view={view} onChanged={user.reload} />
              <UserTeamsSection api={api} projectId={projectId} userId={userId} />
            </div>
            <PasskeysSection api={api} projectId={projectId} userId={userId} onChanged={user.reload} />
            <SessionsSection api={api} projectId={projectId} userId={userId} />
            <UserAuditSection api={api} projectId={projectId} userId={userId} />
          </>
        )}
      </ApiStates>
    </>
  );
}

function ProfileSection(props: { view: UserServerView; onSave(patch: Record<string, unknown>): Promise<void> }) {
  const { view } = props;
  const [name, setName] = useState(view.display_name ?? '');
  const action = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      await props.onSave({ display_name: name.trim() === '' ? null : name.trim() });
      return 'Saved.';
    });
  };
  return (
    <Section id="profile-title" title="Profile">
      <dl className={definitionListClass}>
        <dt>User id</dt>
        <dd>{view.id}</dd>
        <dt>Primary email</dt>
        <dd>
          {view.primary_email ?? '—'}{' '}
          {view.primary_email ? <span className={badgeClass}>{view.primary_email_verified ? 'verified' : 'unverified'}</span> : null}
        </dd>
        <dt>Signed up</dt>
        <dd>{dateTime(view.signed_up_at_millis)}</dd>
        <dt>Last active</dt>
        <dd>{dateTime(view.last_active_at_millis)}</dd>
      </dl>
      <RowForm onSubmit={submit} submit={action.busy ? 'Saving…' : 'Save name'} submitClass={secondaryButtonClass} busy={action.busy}>
        <TextField id="display-name" label="Display name" value={name} maxLength={256} onChange={setName} />
      </RowForm>
      <OutcomeLine outcome={action.outcome} />
    </Section>
  );
}

function ContactChannelsSection(props: { api: AdminApi; projectId: string; userId: string }) {
  const channels = useApiData(
    () => props.api.project<List<ContactChannel>>(props.projectId, 'GET', `/contact-channels?user_id=${encodeURIComponent(props.userId)}`),
    [props.projectId, props.userId],
  );
  return (
    <Section id="channels-title" title="Contact channels">
      <ApiStates data={channels} loading="Loading contact channels…" failed="The contact channels" empty={{ title: 'No contact channels' }}>
        {(data) => (
          <ul className={channelListClass} data-testid="contact-channels">
            {data.items.map((channel) => (
              <li key={channel.id}>
                {channel.value}{' '}
                {[channel.is_primary ? 'primary' : null, channel.is_verified ? 'verified' : 'unverified', channel.used_for_auth ? 'used for sign-in' : null]
                  .filter(Boolean)
                  .map((tag) => (
                    <span key={tag} className={badgeClass}>
                      {tag}
                    </span>
                  ))}
              </li>
            ))}
          </ul>
        )}
      </ApiStates>
    </Section>
  );
}

function SessionsSection(props: { api: AdminApi; projectId: string; userId: string }) {
  const { api, projectId, userId } = props;
  const sessions = useApiData(
    () => api.project<List<UserSession>>(projectId, 'GET', `/auth/sessions?user_id=${encodeURIComponent(userId)}`),
    [projectId, userId],
  );
  const action = useAction(sessions.reload);
  const end = (ids: string[]) =>
    action.run(async () => {
      for (const id of ids) await api.project(projectId, 'DELETE', `/auth/sessions/${encodeURIComponent(id)}?user_id=${encodeURIComponent(userId)}`);
    });
  return (
    <Section
      id="sessions-title"
      title="Sessions"
      actions={
        sessions.state === 'ready' && sessions.data.items.length > 1 ? (
          <button type="button" className={smallDangerButtonClass} disabled={action.busy} onClick={() => end(sessions.data.items.map((s) => s.id))}>
            End all sessions
          </button>
        ) : null
      }
    >
      <FailureAlert message={action.failure} />
      <DataTable
        items="sessions"
        data={sessions}
        empty={{ title: 'No active sessions', hint: 'The user is signed in nowhere.' }}
        columns={[
          { header: 'Started', cell: (session) => dateTime(session.created_at_millis) },
          { header: 'Last used', wideOnly: true, cell: (session) => dateTime(session.last_used_at_millis) },
          {
            header: 'From',
            wideOnly: true,
            cell: (session) => [session.last_used_ip, session.last_used_user_agent].filter(Boolean).join(' · ') || '—',
          },
          {
            header: 'Action',
            headerHidden: true,
            cell: (session) => (
              <button type="button" className={smallButtonClass} disabled={action.busy} onClick={() => end([session.id])}>
                End session
              </button>
            ),
          },
        ]}
      />
    </Section>
  );
}

// One user of a project, as its admin sees them: profile (display name editable), contact
// channels, the three metadata kinds as JSON editors, support actions (ban, impersonate), sessions
// (end one or all) and deletion.
import { useState, type FormEvent } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { UserServerView } from '../../../server/protocol/user-schemas';
import { describeFailure, type AdminApi } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { TableFrame } from '../table-frame';
import { SignInSection, UserAuditSection, UserTeamsSection } from './user-detail-sections';
import { banHoldsNow, SupportSection } from './user-support-section';
import { TypedConfirmation } from '../confirm-dialog';
import { JsonEditor } from '../json-editor';
import { EmptyState, FailedState, LoadingState, FailureAlert } from '../page-states';
import {
  badgeClass,
  channelListClass,
  definitionListClass,
  detailGridClass,
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
  smallDangerButtonClass,
  tableClass,
  titleRowClass,
  visuallyHiddenClass,
  wideOnlyClass,
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

interface List<T> {
  items: T[];
}

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
  if (user.state === 'loading') return <>{back}<LoadingState label="Loading the user…" /></>;
  if (user.state === 'failed') return <>{back}<FailedState what="This user" error={user.error} onRetry={user.reload} /></>;
  const view = user.data;
  const save = async (patch: Record<string, unknown>) => {
    await api.project(projectId, 'PATCH', `/users/${encodeURIComponent(userId)}`, patch);
  };

  return (
    <>
      {back}
      <div className={titleRowClass}>
        <h1 className={pageTitleClass}>
          {view.display_name ?? view.primary_email ?? 'User'} {banHoldsNow(view) ? <span className={badgeClass}>banned</span> : null}
        </h1>
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
      <SupportSection api={api} projectId={projectId} userId={userId} view={view} onChanged={user.reload} />
      <section className={panelClass} aria-labelledby="metadata-title">
        <h2 id="metadata-title" className={sectionTitleClass}>
          Metadata
        </h2>
        <JsonEditor
          testId="client-metadata"
          label="Client metadata"
          hint="The user's app can read and change it."
          value={view.client_metadata}
          onSave={(value) => save({ client_metadata: value })}
        />
        <JsonEditor
          testId="client-read-only-metadata"
          label="Client read-only metadata"
          hint="The user's app can read it; only servers change it."
          value={view.client_read_only_metadata}
          onSave={(value) => save({ client_read_only_metadata: value })}
        />
        <JsonEditor
          testId="server-metadata"
          label="Server metadata"
          hint="Only servers read and change it."
          value={view.server_metadata}
          onSave={(value) => save({ server_metadata: value })}
        />
      </section>
      <div className={detailGridClass}>
        <SignInSection api={api} projectId={projectId} userId={userId} view={view} onChanged={user.reload} />
        <UserTeamsSection api={api} projectId={projectId} userId={userId} />
      </div>
      {/* Keyed by the ban, which ends every session: its list is read again. */}
      <SessionsSection key={view.banned_at_millis ?? 'not banned'} api={api} projectId={projectId} userId={userId} />
      <UserAuditSection key={`audit ${view.banned_at_millis ?? 'not banned'}`} api={api} projectId={projectId} userId={userId} />
    </>
  );
}

function ProfileSection(props: { view: UserServerView; onSave(patch: Record<string, unknown>): Promise<void> }) {
  const { view } = props;
  const [name, setName] = useState(view.display_name ?? '');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      await props.onSave({ display_name: name.trim() === '' ? null : name.trim() });
      setOutcome({ ok: true, message: 'Saved.' });
    } catch (error) {
      setOutcome({ ok: false, message: describeFailure(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={panelClass} aria-labelledby="profile-title">
      <h2 id="profile-title" className={sectionTitleClass}>
        Profile
      </h2>
      <dl className={definitionListClass}>
        <dt>User id</dt>
        <dd>{view.id}</dd>
        <dt>Primary email</dt>
        <dd>
          {view.primary_email ?? '—'} {view.primary_email ? <span className={badgeClass}>{view.primary_email_verified ? 'verified' : 'unverified'}</span> : null}
        </dd>
        <dt>Signed up</dt>
        <dd>{dateTime(view.signed_up_at_millis)}</dd>
        <dt>Last active</dt>
        <dd>{dateTime(view.last_active_at_millis)}</dd>
      </dl>
      <form className={formRowClass} onSubmit={submit}>
        <div className={fieldClass}>
          <label className={labelClass} htmlFor="display-name">
            Display name
          </label>
          <input id="display-name" className={inputClass} value={name} maxLength={256} onChange={(event) => setName(event.target.value)} />
        </div>
        <button type="submit" className={secondaryButtonClass} disabled={busy}>
          {busy ? 'Saving…' : 'Save name'}
        </button>
      </form>
      <p role="status" className={outcome && !outcome.ok ? errorTextClass : mutedClass}>
        {outcome?.message ?? ''}
      </p>
    </section>
  );
}

function ContactChannelsSection(props: { api: AdminApi; projectId: string; userId: string }) {
  const channels = useApiData(
    () => props.api.project<List<ContactChannel>>(props.projectId, 'GET', `/contact-channels?user_id=${encodeURIComponent(props.userId)}`),
    [props.projectId, props.userId],
  );
  return (
    <section className={panelClass} aria-labelledby="channels-title">
      <h2 id="channels-title" className={sectionTitleClass}>
        Contact channels
      </h2>
      {channels.state === 'loading' ? (
        <LoadingState label="Loading contact channels…" />
      ) : channels.state === 'failed' ? (
        <FailedState what="The contact channels" error={channels.error} onRetry={channels.reload} />
      ) : channels.data.items.length === 0 ? (
        <EmptyState title="No contact channels" />
      ) : (
        <ul className={channelListClass} data-testid="contact-channels">
          {channels.data.items.map((channel) => (
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
    </section>
  );
}

function SessionsSection(props: { api: AdminApi; projectId: string; userId: string }) {
  const { api, projectId, userId } = props;
  const sessions = useApiData(
    () => api.project<List<UserSession>>(projectId, 'GET', `/auth/sessions?user_id=${encodeURIComponent(userId)}`),
    [projectId, userId],
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const end = async (ids: string[]) => {
    setBusy(true);
    setFailure(null);
    try {
      for (const id of ids) await api.project(projectId, 'DELETE', `/auth/sessions/${encodeURIComponent(id)}?user_id=${encodeURIComponent(userId)}`);
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setBusy(false);
      sessions.reload();
    }
  };
  return (
    <section className={panelClass} aria-labelledby="sessions-title">
      <div className={titleRowClass}>
        <h2 id="sessions-title" className={sectionTitleClass}>
          Sessions
        </h2>
        {sessions.state === 'ready' && sessions.data.items.length > 1 ? (
          <button type="button" className={smallDangerButtonClass} disabled={busy} onClick={() => end(sessions.data.items.map((s) => s.id))}>
            End all sessions
          </button>
        ) : null}
      </div>
      <FailureAlert message={failure} />
      {sessions.state === 'loading' ? (
        <LoadingState label="Loading sessions…" />
      ) : sessions.state === 'failed' ? (
        <FailedState what="The sessions" error={sessions.error} onRetry={sessions.reload} />
      ) : sessions.data.items.length === 0 ? (
        <EmptyState title="No active sessions">
          <p className={mutedClass}>The user is signed in nowhere.</p>
        </EmptyState>
      ) : (
        <TableFrame label="Sessions">
          <table className={tableClass} data-testid="sessions-table">
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col" className={wideOnlyClass}>
                  Last used
                </th>
                <th scope="col" className={wideOnlyClass}>
                  From
                </th>
                <th scope="col">
                  <span className={visuallyHiddenClass}>Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.items.map((session) => (
                <tr key={session.id}>
                  <td>{dateTime(session.created_at_millis)}</td>
                  <td className={wideOnlyClass}>{dateTime(session.last_used_at_millis)}</td>
                  <td className={wideOnlyClass}>{[session.last_used_ip, session.last_used_user_agent].filter(Boolean).join(' · ') || '—'}</td>
                  <td>
                    <button type="button" className={smallButtonClass} disabled={busy} onClick={() => end([session.id])}>
                      End session
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

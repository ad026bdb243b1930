// One user of a project, as its admin sees them: profile (display name editable), contact
// channels, the three metadata kinds as JSON editors, support actions (ban, impersonate), sessions
// (end one or all) and deletion.
import { useState, type FormEvent } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { UserServerView } from '../../../server/protocol/user-schemas';
import type { AdminApi } from '../admin-api';
import { useApiData, type List } from '../api-data';
import { useConsoleSession } from '../console-context';
import { formatMoment, useConsoleT, type ConsoleT } from '../console-messages';
import { ApiStates, DataTable } from '../data-table';
import { Section } from '../section';
import { OutcomeLine, useAction } from '../action';
import { RowForm, TextField } from '../text-field';
import { PasskeysSection, SignInSection, UserAuditSection, UserTeamsSection } from './user-detail-sections';
import { banHoldsNow, SupportSection } from './user-support-section';
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
  { field: 'client_metadata', name: 'clientMetadata' },
  { field: 'client_read_only_metadata', name: 'clientReadOnlyMetadata' },
  { field: 'server_metadata', name: 'serverMetadata' },
] as const;

function dateTime(t: ConsoleT, millis: number | null): string {
  return millis === null ? t('common.none') : formatMoment(t, millis);
}

export function UserDetailPage() {
  const { projectId, userId } = route.useParams();
  const { api } = useConsoleSession();
  const navigate = useNavigate();
  const user = useApiData(() => api.project<UserServerView>(projectId, 'GET', `/users/${encodeURIComponent(userId)}`), [projectId, userId]);
  const t = useConsoleT();

  const back = (
    <Link to="/projects/$projectId/users" params={{ projectId }} className={linkClass}>
      {t('user.back')}
    </Link>
  );
  const save = async (patch: Record<string, unknown>) => {
    await api.project(projectId, 'PATCH', `/users/${encodeURIComponent(userId)}`, patch);
  };

  return (
    <>
      {back}
      <ApiStates data={user} loading={t('user.loading')} failed={t('user.failed')}>
        {(view) => (
          <>
            <div className={titleRowClass}>
              <h1 className={pageTitleClass}>
                {view.display_name ?? view.primary_email ?? t('users.user')}{' '}
                {banHoldsNow(view) ? <span className={badgeClass}>{t('user.bannedBadge')}</span> : null}
              </h1>
              <TypedConfirmation
                action={t('user.delete')}
                title={t('user.deleteTitle')}
                description={t('user.deleteText')}
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
            <Section id="metadata-title" title={t('user.metadata')}>
              {metadataKinds.map((kind) => (
                <JsonEditor
                  key={kind.field}
                  testId={kind.field.replaceAll('_', '-')}
                  label={t(`user.${kind.name}`)}
                  saveLabel={t(`user.${kind.name}Save`)}
                  hint={t(`user.${kind.name}Hint`)}
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
            {/* Keyed by the ban, which ends every session: its list is read again. */}
            <SessionsSection key={view.banned_at_millis ?? 'not banned'} api={api} projectId={projectId} userId={userId} />
            <UserAuditSection key={`audit ${view.banned_at_millis ?? 'not banned'}`} api={api} projectId={projectId} userId={userId} />
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
  const t = useConsoleT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      await props.onSave({ display_name: name.trim() === '' ? null : name.trim() });
      return t('json.saved');
    });
  };
  return (
    <Section id="profile-title" title={t('user.profile')}>
      <dl className={definitionListClass}>
        <dt>{t('user.id')}</dt>
        <dd>{view.id}</dd>
        <dt>{t('user.primaryEmail')}</dt>
        <dd>
          {view.primary_email ?? t('common.none')}{' '}
          {view.primary_email ? <span className={badgeClass}>{view.primary_email_verified ? t('user.verified') : t('users.unverified')}</span> : null}
        </dd>
        <dt>{t('users.signedUp')}</dt>
        <dd>{dateTime(t, view.signed_up_at_millis)}</dd>
        <dt>{t('user.lastActive')}</dt>
        <dd>{dateTime(t, view.last_active_at_millis)}</dd>
      </dl>
      <RowForm onSubmit={submit} submit={action.busy ? t('common.saving') : t('user.saveName')} submitClass={secondaryButtonClass} busy={action.busy}>
        <TextField id="display-name" label={t('user.displayName')} value={name} maxLength={256} onChange={setName} />
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
  const t = useConsoleT();
  return (
    <Section id="channels-title" title={t('user.channels')}>
      <ApiStates data={channels} loading={t('user.channelsLoading')} failed={t('user.channelsFailed')} empty={{ title: t('user.channelsEmpty') }}>
        {(data) => (
          <ul className={channelListClass} data-testid="contact-channels">
            {data.items.map((channel) => (
              <li key={channel.id}>
                {channel.value}{' '}
                {[
                  channel.is_primary ? t('user.primary') : null,
                  channel.is_verified ? t('user.verified') : t('users.unverified'),
                  channel.used_for_auth ? t('user.usedForSignIn') : null,
                ]
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
  const t = useConsoleT();
  const end = (ids: string[]) =>
    action.run(async () => {
      for (const id of ids) await api.project(projectId, 'DELETE', `/auth/sessions/${encodeURIComponent(id)}?user_id=${encodeURIComponent(userId)}`);
    });
  return (
    <Section
      id="sessions-title"
      title={t('user.sessions')}
      actions={
        sessions.state === 'ready' && sessions.data.items.length > 1 ? (
          <button type="button" className={smallDangerButtonClass} disabled={action.busy} onClick={() => end(sessions.data.items.map((s) => s.id))}>
            {t('user.endAll')}
          </button>
        ) : null
      }
    >
      <FailureAlert message={action.failure} />
      <DataTable
        text={{ loading: t('user.sessionsLoading'), failed: t('user.sessionsFailed'), label: t('user.sessionsTable') }}
        testId="sessions-table"
        data={sessions}
        empty={{ title: t('user.sessionsEmpty'), hint: t('user.sessionsEmptyHint') }}
        columns={[
          { header: t('user.started'), cell: (session) => dateTime(t, session.created_at_millis) },
          { header: t('user.lastUsed'), wideOnly: true, cell: (session) => dateTime(t, session.last_used_at_millis) },
          {
            header: t('user.from'),
            wideOnly: true,
            cell: (session) => [session.last_used_ip, session.last_used_user_agent].filter(Boolean).join(' · ') || t('common.none'),
          },
          {
            header: t('common.action'),
            headerHidden: true,
            cell: (session) => (
              <button type="button" className={smallButtonClass} disabled={action.busy} onClick={() => end([session.id])}>
                {t('user.endSession')}
              </button>
            ),
          },
        ]}
      />
    </Section>
  );
}

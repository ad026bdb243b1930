// The user page's sections on signing in (MFA, OAuth accounts, set a password, send a reset
// email), the teams the user is in, and the user's audit events.
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import type { UserServerView } from '../../../server/protocol/user-schemas';
import type { AuditEventView } from '../../../server/protocol/audit-schemas';
import type { AdminApi } from '../admin-api';
import { useApiData, type List } from '../api-data';
import { ApiStates, DataTable } from '../data-table';
import { Section } from '../section';
import { TwoStepButton } from '../two-step-button';
import { ActionButton, OutcomeLine, useAction } from '../action';
import { RowForm, TextField } from '../text-field';
import {
  badgeClass,
  cellNowrapClass,
  definitionListClass,
  formRowClass,
  linkClass,
  monoClass,
  mutedClass,
  recentListClass,
  secondaryButtonClass,
} from '../styles';

interface Props {
  api: AdminApi;
  projectId: string;
  userId: string;
}

function unusedCodes(count: number): string {
  if (count === 0) return 'none unused';
  return count === 1 ? '1 unused' : `${count} unused`;
}

export function SignInSection(props: Props & { view: UserServerView; onChanged(): void }) {
  const { api, projectId, userId, view } = props;
  const path = `/users/${encodeURIComponent(userId)}`;
  const action = useAction(props.onChanged);
  const recoveryCodes = useApiData(
    () => api.project<{ remaining_count: number }>(projectId, 'GET', `/auth/mfa/recovery-codes?user_id=${encodeURIComponent(userId)}`),
    [projectId, userId, view],
  );
  const [password, setPassword] = useState('');

  const setNewPassword = (event: FormEvent) => {
    event.preventDefault();
    if (password.length === 0) return action.refuse('Type the new password first.');
    void action.run(async () => {
      await api.project(projectId, 'PATCH', path, { password });
      setPassword('');
      return 'Password set. The user was signed out everywhere.';
    });
  };

  return (
    <Section id="sign-in-title" title="Sign-in and security">
      <dl className={definitionListClass}>
        <dt>Password</dt>
        <dd>{view.has_password ? 'set' : 'none'}</dd>
        <dt>Multi-factor</dt>
        <dd>{view.requires_totp_mfa ? 'on (authenticator app)' : 'off'}</dd>
        <dt>Passkeys</dt>
        <dd>{view.passkey_auth_enabled ? 'sign-in with a passkey on' : 'off'}</dd>
        <dt>Recovery codes</dt>
        <dd data-testid="recovery-code-count">
          {recoveryCodes.state === 'ready' ? unusedCodes(recoveryCodes.data.remaining_count) : recoveryCodes.state === 'failed' ? 'could not be read' : '…'}
        </dd>
        <dt>OAuth accounts</dt>
        <dd>
          {view.oauth_providers.length === 0 ? (
            'none'
          ) : (
            <ul className={recentListClass} data-testid="oauth-accounts">
              {view.oauth_providers.map((account) => (
                <li key={`${account.id} ${account.account_id}`}>
                  <span className={badgeClass}>{account.id}</span> {account.email ?? account.account_id}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <div className={formRowClass}>
        {view.requires_totp_mfa ? (
          <ActionButton
            action={action}
            work={async () => {
              await api.project(projectId, 'PATCH', path, { totp_secret_base64: null });
              return 'Multi-factor sign-in turned off.';
            }}
          >
            Turn multi-factor off
          </ActionButton>
        ) : null}
        {view.primary_email ? (
          <ActionButton
            action={action}
            work={async () => {
              // The link opens the project's own hosted reset screen on this authd.
              const callbackUrl = `${location.origin}/projects/${encodeURIComponent(projectId)}/handler/password-reset`;
              await api.project(projectId, 'POST', '/auth/password/send-reset-code', {
                email: view.primary_email,
                callback_url: callbackUrl,
              });
              return `A password reset email was sent to ${view.primary_email}.`;
            }}
          >
            Send a password reset email
          </ActionButton>
        ) : null}
      </div>
      <RowForm onSubmit={setNewPassword} submit="Set password" submitClass={secondaryButtonClass} busy={action.busy}>
        <TextField id="new-password" label="New password" type="password" autoComplete="new-password" value={password} onChange={setPassword} />
      </RowForm>
      <OutcomeLine outcome={action.outcome} />
    </Section>
  );
}

interface Team {
  id: string;
  display_name: string;
}

export function UserTeamsSection(props: Props) {
  const { api, projectId, userId } = props;
  const teams = useApiData(() => api.project<{ items: Team[] }>(projectId, 'GET', `/teams?user_id=${encodeURIComponent(userId)}`), [projectId, userId]);
  return (
    <Section id="user-teams-title" title="Teams">
      <ApiStates data={teams} loading="Loading the user's teams…" failed="The user's teams" empty={{ title: 'In no team' }}>
        {(data) => (
          <ul className={recentListClass} data-testid="user-teams">
            {data.items.map((team) => (
              <li key={team.id}>
                <Link to="/projects/$projectId/teams/$teamId" params={{ projectId, teamId: team.id }} className={linkClass}>
                  {team.display_name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </ApiStates>
    </Section>
  );
}

export const userAuditEventsShown = 20;

export function UserAuditSection(props: Props) {
  const { api, projectId, userId } = props;
  const events = useApiData(
    () => api.project<{ items: AuditEventView[] }>(projectId, 'GET', `/audit-events?user_id=${encodeURIComponent(userId)}&limit=${userAuditEventsShown}`),
    [projectId, userId],
  );
  return (
    <Section id="user-audit-title" title="Audit events">
      <p className={mutedClass}>The latest {userAuditEventsShown} events about this user, newest first.</p>
      <DataTable
        items="audit events"
        data={events}
        empty={{ title: 'No audit events' }}
        testId="user-audit-table"
        columns={[
          { header: 'When', className: cellNowrapClass, cell: (event) => new Date(event.occurred_at_millis).toLocaleString() },
          { header: 'Event', className: monoClass, cell: (event) => event.type },
          {
            header: 'By',
            wideOnly: true,
            cell: (event) => (event.actor.id ? `${event.actor.type} ${event.actor.id}` : event.actor.type),
          },
        ]}
      />
    </Section>
  );
}

interface Passkey {
  id: string;
  name: string;
  created_at_millis: number;
  last_used_at_millis: number | null;
}

/** The user's passkeys (GET /passkeys?user_id=), each deleted in two steps. */
export function PasskeysSection(props: Props & { onChanged(): void }) {
  const { api, projectId, userId } = props;
  const passkeys = useApiData(() => api.project<List<Passkey>>(projectId, 'GET', `/passkeys?user_id=${encodeURIComponent(userId)}`), [projectId, userId]);
  const action = useAction(() => {
    passkeys.reload();
    props.onChanged();
  });
  return (
    <Section id="passkeys-title" title="Passkeys">
      <OutcomeLine outcome={action.outcome} />
      <DataTable
        items="passkeys"
        data={passkeys}
        empty={{ title: 'No passkeys', hint: 'The user adds one in account settings.' }}
        columns={[
          { header: 'Name', cell: (passkey) => passkey.name },
          { header: 'Created', className: cellNowrapClass, cell: (passkey) => new Date(passkey.created_at_millis).toLocaleDateString() },
          {
            header: 'Last used',
            wideOnly: true,
            className: cellNowrapClass,
            cell: (passkey) => (passkey.last_used_at_millis === null ? 'never' : new Date(passkey.last_used_at_millis).toLocaleString()),
          },
          {
            header: 'Action',
            headerHidden: true,
            cell: (passkey) => (
              <TwoStepButton
                action="Delete"
                label={`Delete the passkey ${passkey.name}`}
                onConfirm={async () => {
                  await action.run(async () => {
                    await api.project(projectId, 'DELETE', `/passkeys/${encodeURIComponent(userId)}/${encodeURIComponent(passkey.id)}`);
                    return `Passkey ${passkey.name} deleted.`;
                  });
                }}
              />
            ),
          },
        ]}
      />
    </Section>
  );
}

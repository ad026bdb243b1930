// The user page's sections on signing in (MFA, OAuth accounts, set a password, send a reset
// email), the teams the user is in, and the user's audit events.
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import type { UserServerView } from '../../../server/protocol/user-schemas';
import type { AuditEventView } from '../../../server/protocol/audit-schemas';
import type { AdminApi } from '../admin-api';
import { useApiData, type List } from '../api-data';
import { formatDay, formatMoment, useConsoleT } from '../console-messages';
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

export function SignInSection(props: Props & { view: UserServerView; onChanged(): void }) {
  const { api, projectId, userId, view } = props;
  const path = `/users/${encodeURIComponent(userId)}`;
  const action = useAction(props.onChanged);
  const recoveryCodes = useApiData(
    () => api.project<{ remaining_count: number }>(projectId, 'GET', `/auth/mfa/recovery-codes?user_id=${encodeURIComponent(userId)}`),
    [projectId, userId, view],
  );
  const [password, setPassword] = useState('');
  const t = useConsoleT();

  const setNewPassword = (event: FormEvent) => {
    event.preventDefault();
    if (password.length === 0) return action.refuse(t('signIn.passwordRequired'));
    void action.run(async () => {
      await api.project(projectId, 'PATCH', path, { password });
      setPassword('');
      return t('signIn.passwordSet');
    });
  };

  return (
    <Section id="sign-in-title" title={t('signIn.title')}>
      <dl className={definitionListClass}>
        <dt>{t('signIn.password')}</dt>
        <dd>{view.has_password ? t('signIn.passwordIsSet') : t('signIn.none')}</dd>
        <dt>{t('users.mfa')}</dt>
        <dd>{view.requires_totp_mfa ? t('signIn.mfaOn') : t('signIn.off')}</dd>
        <dt>{t('signIn.passkeys')}</dt>
        <dd>{view.passkey_auth_enabled ? t('signIn.passkeysOn') : t('signIn.off')}</dd>
        <dt>{t('signIn.recoveryCodes')}</dt>
        <dd data-testid="recovery-code-count">
          {recoveryCodes.state === 'ready'
            ? recoveryCodes.data.remaining_count === 0
              ? t('signIn.noUnusedCodes')
              : t('signIn.unusedCodes', { count: recoveryCodes.data.remaining_count })
            : recoveryCodes.state === 'failed'
              ? t('signIn.couldNotRead')
              : '…'}
        </dd>
        <dt>{t('signIn.oauthAccounts')}</dt>
        <dd>
          {view.oauth_providers.length === 0 ? (
            t('signIn.none')
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
              return t('signIn.mfaTurnedOff');
            }}
          >
            {t('signIn.turnMfaOff')}
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
              return t('signIn.resetSent', { email: view.primary_email ?? '' });
            }}
          >
            {t('signIn.sendReset')}
          </ActionButton>
        ) : null}
      </div>
      <RowForm onSubmit={setNewPassword} submit={t('signIn.setPassword')} submitClass={secondaryButtonClass} busy={action.busy}>
        <TextField id="new-password" label={t('signIn.newPassword')} type="password" autoComplete="new-password" value={password} onChange={setPassword} />
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
  const t = useConsoleT();
  return (
    <Section id="user-teams-title" title={t('nav.teams')}>
      <ApiStates data={teams} loading={t('user.teamsLoading')} failed={t('user.teamsFailed')} empty={{ title: t('user.teamsEmpty') }}>
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
  const t = useConsoleT();
  return (
    <Section id="user-audit-title" title={t('audit.events')}>
      <p className={mutedClass}>{t('user.auditLatest', { count: userAuditEventsShown })}</p>
      <DataTable
        text={{ loading: t('audit.loading'), failed: t('audit.failed'), label: t('audit.table') }}
        data={events}
        empty={{ title: t('audit.empty') }}
        testId="user-audit-table"
        columns={[
          { header: t('audit.when'), className: cellNowrapClass, cell: (event) => formatMoment(t, event.occurred_at_millis) },
          { header: t('audit.event'), className: monoClass, cell: (event) => event.type },
          {
            header: t('audit.by'),
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
  const t = useConsoleT();
  return (
    <Section id="passkeys-title" title={t('signIn.passkeys')}>
      <OutcomeLine outcome={action.outcome} />
      <DataTable
        text={{ loading: t('passkeys.loading'), failed: t('passkeys.failed'), label: t('passkeys.table') }}
        testId="passkeys-table"
        data={passkeys}
        empty={{ title: t('passkeys.empty'), hint: t('passkeys.emptyHint') }}
        columns={[
          { header: t('common.name'), cell: (passkey) => passkey.name },
          { header: t('common.created'), className: cellNowrapClass, cell: (passkey) => formatDay(t, passkey.created_at_millis) },
          {
            header: t('user.lastUsed'),
            wideOnly: true,
            className: cellNowrapClass,
            cell: (passkey) => (passkey.last_used_at_millis === null ? t('common.never') : formatMoment(t, passkey.last_used_at_millis)),
          },
          {
            header: t('common.action'),
            headerHidden: true,
            cell: (passkey) => (
              <TwoStepButton
                action={t('common.delete')}
                confirm={t('common.deleteForGood')}
                label={t('passkeys.deleteLabel', { name: passkey.name })}
                onConfirm={async () => {
                  await action.run(async () => {
                    await api.project(projectId, 'DELETE', `/passkeys/${encodeURIComponent(userId)}/${encodeURIComponent(passkey.id)}`);
                    return t('passkeys.deleted', { name: passkey.name });
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

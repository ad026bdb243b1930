// The user page's sections on signing in (MFA, OAuth accounts, set a password, send a reset
// email), the teams the user is in, and the user's audit events.
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import type { UserServerView } from '../../../server/protocol/user-schemas';
import type { AuditEventView } from '../../../server/protocol/audit-schemas';
import { describeFailure, type AdminApi } from '../admin-api';
import { useApiData } from '../api-data';
import { EmptyState, FailedState, LoadingState } from '../page-states';
import { TableFrame } from '../table-frame';
import {
  badgeClass,
  cellNowrapClass,
  definitionListClass,
  errorTextClass,
  fieldClass,
  formRowClass,
  inputClass,
  labelClass,
  linkClass,
  monoClass,
  mutedClass,
  panelClass,
  recentListClass,
  secondaryButtonClass,
  sectionTitleClass,
  smallButtonClass,
  successTextClass,
  tableClass,
  wideOnlyClass,
} from '../styles';

interface Props {
  api: AdminApi;
  projectId: string;
  userId: string;
}

type Outcome = { ok: boolean; message: string } | null;

export function OutcomeLine(props: { outcome: Outcome }) {
  return (
    <p role="status" className={props.outcome && !props.outcome.ok ? errorTextClass : successTextClass}>
      {props.outcome?.message ?? ''}
    </p>
  );
}

/** Runs one change and says how it went; `after` reloads what the change affects. */
export function useAction(after: () => void) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, message: await work() });
      after();
    } catch (error) {
      setOutcome({ ok: false, message: describeFailure(error) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, setOutcome, run };
}

export function SignInSection(props: Props & { view: UserServerView; onChanged(): void }) {
  const { api, projectId, userId, view } = props;
  const path = `/users/${encodeURIComponent(userId)}`;
  const action = useAction(props.onChanged);
  const [password, setPassword] = useState('');

  const setNewPassword = (event: FormEvent) => {
    event.preventDefault();
    if (password.length === 0) {
      action.setOutcome({ ok: false, message: 'Type the new password first.' });
      return;
    }
    void action.run(async () => {
      await api.project(projectId, 'PATCH', path, { password });
      setPassword('');
      return 'Password set. The user was signed out everywhere.';
    });
  };

  return (
    <section className={panelClass} aria-labelledby="sign-in-title">
      <h2 id="sign-in-title" className={sectionTitleClass}>
        Sign-in and security
      </h2>
      <dl className={definitionListClass}>
        <dt>Password</dt>
        <dd>{view.has_password ? 'set' : 'none'}</dd>
        <dt>Multi-factor</dt>
        <dd>{view.requires_totp_mfa ? 'on (authenticator app)' : 'off'}</dd>
        <dt>Passkeys</dt>
        <dd>{view.passkey_auth_enabled ? 'sign-in with a passkey on' : 'off'}</dd>
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
          <button
            type="button"
            className={smallButtonClass}
            disabled={action.busy}
            onClick={() =>
              action.run(async () => {
                await api.project(projectId, 'PATCH', path, { totp_secret_base64: null });
                return 'Multi-factor sign-in turned off.';
              })
            }
          >
            Turn multi-factor off
          </button>
        ) : null}
        {view.primary_email ? (
          <button
            type="button"
            className={smallButtonClass}
            disabled={action.busy}
            onClick={() =>
              action.run(async () => {
                // The link opens the project's own hosted reset screen on this authd.
                const callbackUrl = `${location.origin}/projects/${encodeURIComponent(projectId)}/handler/password-reset`;
                await api.project(projectId, 'POST', '/auth/password/send-reset-code', { email: view.primary_email, callback_url: callbackUrl });
                return `A password reset email was sent to ${view.primary_email}.`;
              })
            }
          >
            Send a password reset email
          </button>
        ) : null}
      </div>
      <form className={formRowClass} onSubmit={setNewPassword}>
        <div className={fieldClass}>
          <label className={labelClass} htmlFor="new-password">
            New password
          </label>
          <input
            id="new-password"
            className={inputClass}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <button type="submit" className={secondaryButtonClass} disabled={action.busy}>
          Set password
        </button>
      </form>
      <OutcomeLine outcome={action.outcome} />
    </section>
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
    <section className={panelClass} aria-labelledby="user-teams-title">
      <h2 id="user-teams-title" className={sectionTitleClass}>
        Teams
      </h2>
      {teams.state === 'loading' ? (
        <LoadingState label="Loading the user's teams…" />
      ) : teams.state === 'failed' ? (
        <FailedState what="The user's teams" error={teams.error} onRetry={teams.reload} />
      ) : teams.data.items.length === 0 ? (
        <EmptyState title="In no team" />
      ) : (
        <ul className={recentListClass} data-testid="user-teams">
          {teams.data.items.map((team) => (
            <li key={team.id}>
              <Link to="/projects/$projectId/teams/$teamId" params={{ projectId, teamId: team.id }} className={linkClass}>
                {team.display_name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const userAuditEventsShown = 20;

export function UserAuditSection(props: Props) {
  const { api, projectId, userId } = props;
  const events = useApiData(
    () =>
      api.project<{ items: AuditEventView[] }>(projectId, 'GET', `/audit-events?user_id=${encodeURIComponent(userId)}&limit=${userAuditEventsShown}`),
    [projectId, userId],
  );
  return (
    <section className={panelClass} aria-labelledby="user-audit-title">
      <h2 id="user-audit-title" className={sectionTitleClass}>
        Audit events
      </h2>
      <p className={mutedClass}>The latest {userAuditEventsShown} events about this user, newest first.</p>
      {events.state === 'loading' ? (
        <LoadingState label="Loading audit events…" />
      ) : events.state === 'failed' ? (
        <FailedState what="The audit events" error={events.error} onRetry={events.reload} />
      ) : events.data.items.length === 0 ? (
        <EmptyState title="No audit events" />
      ) : (
        <TableFrame label="Table of audit events">
          <table className={tableClass} data-testid="user-audit-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Event</th>
                <th scope="col" className={wideOnlyClass}>
                  By
                </th>
              </tr>
            </thead>
            <tbody>
              {events.data.items.map((event) => (
                <tr key={event.id}>
                  <td className={cellNowrapClass}>{new Date(event.occurred_at_millis).toLocaleString()}</td>
                  <td className={monoClass}>{event.type}</td>
                  <td className={wideOnlyClass}>{event.actor.id ? `${event.actor.type} ${event.actor.id}` : event.actor.type}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}

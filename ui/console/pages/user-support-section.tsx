// The user page's support actions: ban (until a time, or until lifted, with a reason for the
// other admins) and unban, and impersonation, which makes a single-use link that opens the
// project's hosted screens signed in as the user for an hour.
import { useState, type FormEvent } from 'react';
import type { UserServerView } from '../../../server/protocol/user-schemas';
import type { AdminApi } from '../admin-api';
import { OutcomeLine, useAction } from '../action';
import {
  badgeClass,
  definitionListClass,
  fieldClass,
  formRowClass,
  inputClass,
  labelClass,
  linkClass,
  mutedClass,
  panelClass,
  secondaryButtonClass,
  sectionTitleClass,
  smallButtonClass,
  smallDangerButtonClass,
} from '../styles';

interface Props {
  api: AdminApi;
  projectId: string;
  userId: string;
  view: UserServerView;
  onChanged(): void;
}

/** Whether the ban holds now: set, and either until lifted or not yet over. */
export function banHoldsNow(view: UserServerView): boolean {
  return view.banned_at_millis !== null && (view.banned_until_millis === null || view.banned_until_millis > Date.now());
}

export function SupportSection(props: Props) {
  const { api, projectId, userId, view } = props;
  const path = `/users/${encodeURIComponent(userId)}`;
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [link, setLink] = useState<{ url: string; expires_at_millis: number } | null>(null);
  const banned = banHoldsNow(view);
  // Each action reloads the user afterwards (a ban changes the view; a link changes nothing, harmlessly).
  const action = useAction(props.onChanged);
  const busy = action.busy;

  const ban = (event: FormEvent) => {
    event.preventDefault();
    const untilMillis = until === '' ? null : new Date(until).getTime();
    if (untilMillis !== null && !(untilMillis > Date.now())) {
      action.setOutcome({ ok: false, message: 'Pick a time in the future, or leave it empty to ban until lifted.' });
      return;
    }
    void action.run(async () => {
      await api.project(projectId, 'POST', `${path}/ban`, { banned_until_millis: untilMillis, ban_reason: reason.trim() === '' ? null : reason.trim() });
      setUntil('');
      setReason('');
      setLink(null);
      return 'Banned. Every session of the user has ended.';
    });
  };

  const unban = () =>
    action.run(async () => {
      await api.project(projectId, 'POST', `${path}/unban`);
      return 'The ban is lifted.';
    });

  const impersonate = () =>
    action.run(async () => {
      setLink(await api.project<{ url: string; expires_at_millis: number }>(projectId, 'POST', `${path}/impersonation-link`));
      return 'The link is ready: it works once, within two minutes.';
    });

  return (
    <section className={panelClass} aria-labelledby="support-title" data-testid="support-section">
      <h2 id="support-title" className={sectionTitleClass}>
        Support
      </h2>
      <dl className={definitionListClass}>
        <dt>Status</dt>
        <dd data-testid="ban-status">
          {banned ? (
            <>
              <span className={badgeClass}>banned</span>{' '}
              {view.banned_until_millis === null ? 'until lifted' : `until ${new Date(view.banned_until_millis).toLocaleString()}`}
            </>
          ) : (
            'can sign in'
          )}
        </dd>
        {banned && view.ban_reason ? (
          <>
            <dt>Reason</dt>
            <dd>{view.ban_reason}</dd>
          </>
        ) : null}
      </dl>
      {banned ? (
        <div className={formRowClass}>
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={unban}>
            Lift the ban
          </button>
        </div>
      ) : (
        <form className={formRowClass} onSubmit={ban} aria-label="Ban this user">
          <div className={fieldClass}>
            <label className={labelClass} htmlFor="ban-until">
              Banned until (empty: until lifted)
            </label>
            <input id="ban-until" className={inputClass} type="datetime-local" value={until} onChange={(event) => setUntil(event.target.value)} />
          </div>
          <div className={fieldClass}>
            <label className={labelClass} htmlFor="ban-reason">
              Reason (for admins only)
            </label>
            <input id="ban-reason" className={inputClass} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          </div>
          <button type="submit" className={smallDangerButtonClass} disabled={busy}>
            Ban user
          </button>
        </form>
      )}
      <p className={mutedClass}>
        Impersonating opens this project&rsquo;s sign-in screens as the user for one hour. Passwords, multi-factor sign-in and passkeys
        cannot be changed there, and the audit log records it on the user and on you.
      </p>
      <div className={formRowClass}>
        <button type="button" className={smallButtonClass} disabled={busy || banned} onClick={impersonate}>
          Impersonate
        </button>
        {link ? (
          <a className={linkClass} href={link.url} target="_blank" rel="noopener noreferrer" data-testid="impersonation-link" onClick={() => setLink(null)}>
            Open the hosted screens as this user
          </a>
        ) : null}
      </div>
      <OutcomeLine outcome={action.outcome} />
    </section>
  );
}

// The user page's support actions: ban (until a time, or until lifted, with a reason for the
// other admins) and unban, and impersonation, which makes a single-use link that opens the
// project's hosted screens signed in as the user for an hour.
import { useState, type FormEvent } from 'react';
import type { UserServerView } from '../../../server/protocol/user-schemas';
import type { AdminApi } from '../admin-api';
import { OutcomeLine, useAction } from '../action';
import { formatMoment, useConsoleT } from '../console-messages';
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
  const t = useConsoleT();
  const busy = action.busy;

  const ban = (event: FormEvent) => {
    event.preventDefault();
    const untilMillis = until === '' ? null : new Date(until).getTime();
    if (untilMillis !== null && !(untilMillis > Date.now())) {
      action.refuse(t('support.pastUntil'));
      return;
    }
    void action.run(async () => {
      await api.project(projectId, 'POST', `${path}/ban`, { banned_until_millis: untilMillis, ban_reason: reason.trim() === '' ? null : reason.trim() });
      setUntil('');
      setReason('');
      setLink(null);
      return t('support.bannedDone');
    });
  };

  const unban = () =>
    action.run(async () => {
      await api.project(projectId, 'POST', `${path}/unban`);
      return t('support.lifted');
    });

  const impersonate = () =>
    action.run(async () => {
      setLink(await api.project<{ url: string; expires_at_millis: number }>(projectId, 'POST', `${path}/impersonation-link`));
      return t('support.linkReady');
    });

  return (
    <section className={panelClass} aria-labelledby="support-title" data-testid="support-section">
      <h2 id="support-title" className={sectionTitleClass}>
        {t('support.title')}
      </h2>
      <dl className={definitionListClass}>
        <dt>{t('support.status')}</dt>
        <dd data-testid="ban-status">
          {banned ? (
            <>
              <span className={badgeClass}>{t('support.banned')}</span>{' '}
              {view.banned_until_millis === null
                ? t('support.untilLifted')
                : t('support.until', { time: formatMoment(t, view.banned_until_millis) })}
            </>
          ) : (
            t('support.canSignIn')
          )}
        </dd>
        {banned && view.ban_reason ? (
          <>
            <dt>{t('support.reason')}</dt>
            <dd>{view.ban_reason}</dd>
          </>
        ) : null}
      </dl>
      {banned ? (
        <div className={formRowClass}>
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={unban}>
            {t('support.lift')}
          </button>
        </div>
      ) : (
        <form className={formRowClass} onSubmit={ban} aria-label={t('support.banForm')}>
          <div className={fieldClass}>
            <label className={labelClass} htmlFor="ban-until">
              {t('support.untilLabel')}
            </label>
            <input id="ban-until" className={inputClass} type="datetime-local" value={until} onChange={(event) => setUntil(event.target.value)} />
          </div>
          <div className={fieldClass}>
            <label className={labelClass} htmlFor="ban-reason">
              {t('support.reasonLabel')}
            </label>
            <input id="ban-reason" className={inputClass} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          </div>
          <button type="submit" className={smallDangerButtonClass} disabled={busy}>
            {t('support.ban')}
          </button>
        </form>
      )}
      <p className={mutedClass}>{t('support.impersonationText')}</p>
      <div className={formRowClass}>
        <button type="button" className={smallButtonClass} disabled={busy || banned} onClick={impersonate}>
          {t('support.impersonate')}
        </button>
        {link ? (
          <a className={linkClass} href={link.url} target="_blank" rel="noopener noreferrer" data-testid="impersonation-link" onClick={() => setLink(null)}>
            {t('support.openLink')}
          </a>
        ) : null}
      </div>
      <OutcomeLine outcome={action.outcome} />
    </section>
  );
}

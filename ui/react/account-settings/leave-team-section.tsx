// Team page › 'Leave team' → 'Are you sure you want to leave the team?' → leave, then reload the
// page at the settings' base path (the team's page no longer exists for this user).
import { useState } from 'react';
import type { Team } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { messageOf } from '../form-submit';
import { useAccountSettings } from './account-settings-context';
import {
  compactSecondaryButtonClass,
  dangerButtonClass,
  inlineButtonsClass,
  sectionClass,
  sectionTextClass,
  sectionTitleClass,
} from './settings-styles';
import { useTeamsT } from '../i18n/messages-context';
import { SectionError } from './section-error';

export function LeaveTeamSection(props: { team: Team }) {
  const runtime = useAuthRuntime();
  const settings = useAccountSettings();
  const t = useTeamsT();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={sectionClass} data-testid="leave-team-section">
      <h3 className={sectionTitleClass}>{t('leave.title')}</h3>
      {confirming ? (
        <>
          <p className={sectionTextClass} role="alert">
            {t('leave.question')}
          </p>
          <div className={inlineButtonsClass}>
            <button
              type="button"
              className={dangerButtonClass}
              disabled={busy}
              onClick={() => {
                setBusy(true);
                runtime.client.leaveTeam(props.team.id).then(
                  () => location.assign(settings.basePath),
                  (failure: unknown) => {
                    setError(messageOf(failure));
                    setBusy(false);
                  },
                );
              }}
            >
              {t('leave.confirm')}
            </button>
            <button type="button" className={compactSecondaryButtonClass} disabled={busy} onClick={() => setConfirming(false)}>
              {t('leave.cancel')}
            </button>
          </div>
        </>
      ) : (
        <div>
          <button type="button" className={compactSecondaryButtonClass} onClick={() => setConfirming(true)}>
            {t('leave.open')}
          </button>
        </div>
      )}
      <SectionError message={error} />
    </div>
  );
}

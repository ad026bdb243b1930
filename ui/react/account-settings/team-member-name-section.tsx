// Team page › 'User display name': the name this user goes by in this team, overriding the
// account's display name; saved 500 ms after typing stops. Emptying it falls back to the account's.
import { useEffect, useState } from 'react';
import type { Team } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { DelayedTextField } from '../components/delayed-text-input';
import { InfoTooltip } from '../components/info-tooltip';
import { Skeleton } from '../components/skeleton';
import { messageOf } from '../form-submit';
import { sectionClass } from './settings-styles';
import { useTeamsT } from '../i18n/messages-context';

export function TeamMemberNameSection(props: { team: Team; onSaved?(): void }) {
  const runtime = useAuthRuntime();
  const t = useTeamsT();
  const [initial, setInitial] = useState<string | null>(null);
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  useEffect(() => {
    let active = true;
    runtime.client.getMyTeamMemberProfile(props.team.id).then(
      (profile) => active && setInitial(profile.displayName ?? ''),
      (error: unknown) => active && setStatus({ text: messageOf(error), failed: true }),
    );
    return () => {
      active = false;
    };
  }, [runtime, props.team.id]);

  return (
    <div className={sectionClass} data-testid="team-member-name-section">
      <Skeleton loaded={initial !== null} height="60px" label={t('memberName.loading')}>
        <DelayedTextField
          label={t('memberName.label')}
          name="team-user-display-name"
          initialValue={initial ?? ''}
          labelAddon={<InfoTooltip label={t('memberName.about')} text={t('memberName.tooltip')} />}
          hint={status && !status.failed ? status.text : null}
          error={status?.failed ? status.text : null}
          onDelayedChange={(value) => {
            setStatus({ text: t('memberName.saving'), failed: false });
            runtime.client
              .updateMyTeamMemberProfile(props.team.id, { displayName: value.trim() === '' ? null : value.trim() })
              .then(
                () => {
                  setStatus({ text: t('memberName.saved'), failed: false });
                  props.onSaved?.();
                },
                (error: unknown) => setStatus({ text: messageOf(error), failed: true }),
              );
          }}
        />
      </Skeleton>
    </div>
  );
}

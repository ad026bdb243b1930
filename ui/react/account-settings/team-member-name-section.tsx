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

export const teamUserNameTooltip = 'Overrides your display name in this team. Leave it empty to use your account display name.';

export function TeamMemberNameSection(props: { team: Team }) {
  const runtime = useAuthRuntime();
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
      <Skeleton loaded={initial !== null} height="60px" label="Loading your team profile">
        <DelayedTextField
          label="User display name"
          name="team-user-display-name"
          initialValue={initial ?? ''}
          labelAddon={<InfoTooltip label="About the user display name" text={teamUserNameTooltip} />}
          hint={status && !status.failed ? status.text : null}
          error={status?.failed ? status.text : null}
          onDelayedChange={(value) => {
            setStatus({ text: 'Saving…', failed: false });
            runtime.client
              .updateMyTeamMemberProfile(props.team.id, { displayName: value.trim() === '' ? null : value.trim() })
              .then(
                () => setStatus({ text: 'Saved', failed: false }),
                (error: unknown) => setStatus({ text: messageOf(error), failed: true }),
              );
          }}
        />
      </Skeleton>
    </div>
  );
}

// A team's page: the user's per-team display name (any member), the team's image
// and name (with $update_team), the invite form (with $invite_members), the members table (with
// $read_members) and 'Leave team' (any member). Skeletons stand in while permissions load.
import { useEffect, useState } from 'react';
import type { Team } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { Skeleton } from '../components/skeleton';
import { Toasts } from '../components/toasts';
import { messageOf } from '../form-submit';
import { useAccountSettings } from './account-settings-context';
import { Avatar } from './avatar';
import { ImagePicker } from './image-picker';
import { InlineTextEdit } from './inline-text-edit';
import { LeaveTeamSection } from './leave-team-section';
import { TeamInviteSection } from './team-invite-section';
import { TeamMembersSection } from './team-members-section';
import { TeamMemberNameSection } from './team-member-name-section';
import { sectionClass, sectionTitleClass } from './settings-styles';
import { useTeamsT } from '../i18n/messages-context';
import { SectionError } from './section-error';

type PermissionsState = { status: 'loading' } | { status: 'loaded'; ids: Set<string> } | { status: 'failed'; message: string };

function useMyTeamPermissions(teamId: string): PermissionsState {
  const runtime = useAuthRuntime();
  const [state, setState] = useState<PermissionsState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    runtime.client.listMyTeamPermissions(teamId).then(
      (ids) => active && setState({ status: 'loaded', ids: new Set(ids) }),
      (error: unknown) => active && setState({ status: 'failed', message: messageOf(error) }),
    );
    return () => {
      active = false;
    };
  }, [runtime, teamId]);
  return state;
}

function TeamProfileSection(props: { team: Team }) {
  const runtime = useAuthRuntime();
  const settings = useAccountSettings();
  const t = useTeamsT();
  const { team } = props;
  return (
    <div className={sectionClass} data-testid="team-profile-section">
      <h3 className={sectionTitleClass}>{t('team.profileImage')}</h3>
      <ImagePicker
        label={t('team.changeImage')}
        onCropped={async (dataUrl) => {
          await runtime.client.updateTeam(team.id, { profileImageUrl: dataUrl });
          await settings.reloadTeams();
        }}
      >
        <Avatar imageUrl={team.profileImageUrl} name={team.displayName} size={64} initials={1} />
      </ImagePicker>
      <InlineTextEdit
        label={t('team.displayName')}
        name="team-display-name"
        value={team.displayName}
        validate={(value) => (value.trim() === '' ? t('team.nameRequired') : null)}
        onSave={async (displayName) => {
          await runtime.client.updateTeam(team.id, { displayName: displayName.trim() });
          await settings.reloadTeams();
        }}
      />
    </div>
  );
}

export function TeamPage(props: { team: Team }) {
  const t = useTeamsT();
  const permissions = useMyTeamPermissions(props.team.id);
  const has = (id: string) => permissions.status === 'loaded' && permissions.ids.has(id);
  // Bumped when this user's name in the team is saved, so the members table shows it.
  const [membersVersion, setMembersVersion] = useState(0);
  return (
    <>
      <TeamMemberNameSection team={props.team} onSaved={() => setMembersVersion((n) => n + 1)} />
      {permissions.status === 'loading' && (
        <div className={sectionClass}>
          <Skeleton loaded={false} height="24px" width="50%" label={t('team.loading')} />
          <Skeleton loaded={false} height="64px" />
        </div>
      )}
      <SectionError message={permissions.status === 'failed' && permissions.message} />
      {has('$update_team') && <TeamProfileSection team={props.team} />}
      {has('$invite_members') && <TeamInviteSection team={props.team} />}
      {(has('$read_members') || has('$invite_members')) && (
        <TeamMembersSection team={props.team} canRead={has('$read_members')} version={membersVersion} />
      )}
      <LeaveTeamSection team={props.team} />
      <Toasts />
    </>
  );
}

// Team page › members: a table with the columns User and Name (needs $read_members), skeleton
// rows while it loads, read again when `version` changes (this user renamed in the team). A member
// without a name shows by their email (authd's `primary_email` on the client view), or as
// "No name set" without one.
import { useEffect, useState } from 'react';
import type { Team, TeamMemberProfile } from '../../client/index';
import { useAuthRuntime, useCurrentUserValue } from '../auth-context';
import { Skeleton } from '../components/skeleton';
import { messageOf } from '../form-submit';
import { Avatar } from './avatar';
import { sectionClass, sectionTextClass, sectionTitleClass, tableClass } from './settings-styles';
import { useTeamsT } from '../i18n/messages-context';
import { SectionError } from './section-error';

export function TeamMembersSection(props: { team: Team; canRead: boolean; version?: number }) {
  const runtime = useAuthRuntime();
  const t = useTeamsT();
  const [members, setMembers] = useState<TeamMemberProfile[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const me = useCurrentUserValue();
  useEffect(() => {
    if (!props.canRead) return;
    let active = true;
    runtime.client.listTeamMemberProfiles(props.team.id).then(
      (found) => active && setMembers(found),
      (failure: unknown) => active && setError(messageOf(failure)),
    );
    return () => {
      active = false;
    };
  }, [runtime, props.team.id, props.canRead, props.version]);

  return (
    <div className={sectionClass} data-testid="team-members-section">
      <h3 className={sectionTitleClass}>{t('members.title')}</h3>
      {!props.canRead ? (
        <p className={sectionTextClass}>{t('members.noPermission')}</p>
      ) : error ? (
        <SectionError message={error} />
      ) : (
        <table className={tableClass} data-testid="team-members-table">
          <thead>
            <tr>
              <th scope="col" style={{ width: '72px' }}>
                {t('members.user')}
              </th>
              <th scope="col">{t('members.name')}</th>
            </tr>
          </thead>
          <tbody>
            {members === null
              ? [0, 1].map((row) => (
                  <tr key={row}>
                    <td>
                      <Skeleton loaded={false} width="32px" height="32px" label={t('members.loading')} />
                    </td>
                    <td>
                      <Skeleton loaded={false} width="60%" height="16px" label={t('members.loading')} />
                    </td>
                  </tr>
                ))
              : members.map((member) => (
                  <tr key={member.userId} data-testid="team-member-row">
                    <td>
                      <Avatar imageUrl={member.profileImageUrl} name={member.displayName ?? member.primaryEmail} size={32} initials={2} />
                    </td>
                    <td>
                      {member.displayName ?? member.primaryEmail ?? <span className={sectionTextClass}>{t('members.noName')}</span>}
                      {member.userId === me?.id && <span className={sectionTextClass}> {t('members.you')}</span>}
                    </td>
                  </tr>
                ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

// {handler}/account-settings: the sidebar layout with My Profile, Security, Connected apps (the
// OpenID Provider clients the user approved), Sign Out, the host app's own items, and the
// user's teams. Signed-out visitors go to sign-in and come back.
// Only the layout and My Profile load with the page; the other items are their own chunks.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Team } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { useDocumentTitle, useResolvedTheme } from '../components/card';
import { Skeleton } from '../components/skeleton';
import { useProject, useUser } from '../hooks';
import { useBrowserLocation } from '../navigation';
import { Avatar } from './avatar';
import { AccountSettingsContext, type TeamsState } from './account-settings-context';
import { SettingsLayout, type SettingsMenuEntry } from './settings-layout';
import { ConnectedAppsIcon, PlusIcon, ProfileIcon, SecurityIcon, SignOutIcon } from '../components/line-icons';
import { SignOutPage } from './sign-out-page';
import { rootClass } from './account-settings-styles';
import { useSettingsT } from '../i18n/messages-context';
import { textDirectionOf } from '../../../server/protocol/locales';

// Each item is its own chunk: opening Security does not download the team pages, nor the reverse.
// Each page loads when opened, My Profile too: the others then do not carry its editors.
const ProfilePage = lazy(() => import('./profile-page').then((m) => ({ default: m.ProfilePage })));
const SecurityPage = lazy(() => import('./security-page').then((m) => ({ default: m.SecurityPage })));
const ConnectedAppsPage = lazy(() => import('./connected-apps-page').then((m) => ({ default: m.ConnectedAppsPage })));
const TeamPage = lazy(() => import('./team-page').then((m) => ({ default: m.TeamPage })));
const TeamCreationPage = lazy(() => import('./team-creation-page').then((m) => ({ default: m.TeamCreationPage })));

export type { SettingsMenuEntry, SettingsMenuItem } from './settings-layout';

function SectionFallback() {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: '12px' }}>
      <Skeleton loaded={false} height="28px" width="40%" />
      <Skeleton loaded={false} height="120px" />
    </div>
  );
}

/** The signed-in user's teams, read when the settings open and again after a change. */
function useTeams(): TeamsState & { reload(): Promise<void> } {
  const runtime = useAuthRuntime();
  const [state, setState] = useState<TeamsState>({ status: 'loading' });
  const reload = useCallback(async () => {
    try {
      setState({ status: 'loaded', teams: await runtime.client.listTeams() });
    } catch (error) {
      setState({ status: 'failed', error });
    }
  }, [runtime]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}

/** How often open settings check that their session still stands. */
const sessionCheckMillis = 15_000;

/**
 * A session signed out from another device: the server refuses its access token, the client
 * finds the refresh token gone too and drops the session, and useUser sends the page to
 * sign-in. Checked when the page comes back into view and every few seconds while it is seen.
 */
function useSessionWatch(): void {
  const runtime = useAuthRuntime();
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') void runtime.reloadUser().catch(() => undefined);
    };
    const timer = setInterval(check, sessionCheckMillis);
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, [runtime]);
}

export interface AccountSettingsProps {
  /** Items the host app adds after the built-in ones (before the teams). */
  extraItems?: SettingsMenuEntry[];
}

export function AccountSettings(props: AccountSettingsProps) {
  const runtime = useAuthRuntime();
  const t = useSettingsT();
  useUser({ or: 'redirect' });
  useSessionWatch();
  const project = useProject();
  const theme = useResolvedTheme(runtime.theme);
  const teams = useTeams();
  const here = useBrowserLocation();
  const basePath = new URL(runtime.urls['account-settings'], location.href).pathname;
  const subpath = here
    .split('?')[0]!
    .slice(basePath.length)
    .replace(/^\/+|\/+$/g, '');

  useDocumentTitle(t('settings.title'));

  const teamCreationEnabled = project.config.clientTeamCreationEnabled;
  const loadedTeams: Team[] = teams.status === 'loaded' ? teams.teams : [];
  const entries = useMemo((): SettingsMenuEntry[] => {
    const list: SettingsMenuEntry[] = [
      { type: 'item', title: t('settings.profile'), subpath: 'profile', icon: <ProfileIcon />, content: <ProfilePage /> },
      { type: 'item', title: t('settings.security'), subpath: 'security', icon: <SecurityIcon />, content: <SecurityPage /> },
      // Always listed: knowing whether the user has any would cost every item's first load a call
      // (docs/decisions.md); the item itself says when no app is connected.
      { type: 'item', title: t('settings.connectedApps'), subpath: 'connected-apps', icon: <ConnectedAppsIcon />, content: <ConnectedAppsPage /> },
      { type: 'item', title: t('settings.signOut'), subpath: 'sign-out', icon: <SignOutIcon />, content: <SignOutPage /> },
      ...(props.extraItems ?? []),
    ];
    if (loadedTeams.length > 0 || teamCreationEnabled) {
      list.push({ type: 'divider', title: t('settings.teams') });
      for (const team of loadedTeams) {
        list.push({
          type: 'item',
          title: team.displayName,
          subpath: `teams/${team.id}`,
          icon: <Avatar imageUrl={team.profileImageUrl} name={team.displayName} size={20} initials={1} />,
          content: <TeamPage key={team.id} team={team} />,
        });
      }
      if (teamCreationEnabled) {
        list.push({
          type: 'item',
          title: t('settings.createTeam'),
          subpath: 'team-creation',
          icon: <PlusIcon />,
          content: <TeamCreationPage />,
        });
      }
    }
    return list;
  }, [props.extraItems, loadedTeams, teamCreationEnabled, t]);

  // A team page is only known once the teams are read: until then it shows a skeleton.
  const waitingForTeams = teams.status === 'loading' && subpath.startsWith('teams/');
  const context = useMemo(
    () => ({
      basePath,
      teams,
      reloadTeams: teams.reload,
      goTo: (to: string) => runtime.navigate(to === '' ? basePath : `${basePath}/${to}`),
    }),
    [basePath, teams, runtime],
  );

  return (
    <div
      className={`authd-root ${rootClass}`}
      data-authd-theme={theme}
      data-testid="account-settings"
      lang={t.locale}
      dir={textDirectionOf(t.locale)}
    >
      <AccountSettingsContext.Provider value={context}>
        <SettingsLayout
          title={t('settings.title')}
          entries={entries}
          subpath={subpath}
          basePath={basePath}
          pending={waitingForTeams}
          renderContent={(content: ReactNode) => <Suspense fallback={<SectionFallback />}>{content}</Suspense>}
          pendingContent={<SectionFallback />}
        />
      </AccountSettingsContext.Provider>
    </div>
  );
}

// A small host app on its own origin that uses authd's React components: the handler screens
// under /handler, a home page with the user button and the team switcher in its header, and a
// page that needs a signed-in user (useUser redirect), and the account settings with an item of
// the host's own.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createAuthClient } from '../../ui/client/index';
import {
  AccountSettings,
  AuthHandler,
  AuthProvider,
  SelectedTeamSwitcher,
  UserButton,
  useAuthUrls,
  useUser,
  type SettingsMenuEntry,
} from '../../ui/react/index';
import { pseudoLocaleTag, pseudoLocalize } from '../../ui/react/i18n/pseudo-locale';

declare global {
  interface Window {
    hostConfig: { authdUrl: string; projectId: string; publishableClientKey: string };
  }
}

const client = createAuthClient({
  baseUrl: window.hostConfig.authdUrl,
  projectId: window.hostConfig.projectId,
  publishableClientKey: window.hostConfig.publishableClientKey,
  tokenStore: 'cookie',
});

function Header(props: { onToggleTheme(): void }) {
  const user = useUser();
  return (
    <header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
      {user ? <SelectedTeamSwitcher /> : <span />}
      <UserButton
        showUserInfo
        colorModeToggle={props.onToggleTheme}
        extraItems={[{ text: 'Protected page', onClick: () => location.assign('/protected') }]}
      />
    </header>
  );
}

function Home(props: { onToggleTheme(): void }) {
  const user = useUser();
  const urls = useAuthUrls();
  return (
    <main>
      <Header onToggleTheme={props.onToggleTheme} />
      <h1>Example host app</h1>
      <p data-testid="home-status">{user ? `Signed in as ${user.primaryEmail}` : 'Not signed in'}</p>
      <a href={user ? urls['sign-out'] : urls['sign-in']}>{user ? 'Sign out' : 'Sign in'}</a>
    </main>
  );
}

function Protected() {
  const user = useUser({ or: 'redirect' });
  return (
    <main>
      <h1>Protected page</h1>
      <p data-testid="protected-user">{user.primaryEmail}</p>
    </main>
  );
}

// The host's own item in the account settings, after the built-in ones.
const hostSettingsItems: SettingsMenuEntry[] = [
  {
    type: 'item',
    title: 'Notifications',
    description: 'Settings this app keeps itself.',
    subpath: 'notifications',
    content: <p data-testid="host-notifications">Weekly digest: on</p>,
  },
];

function Page(props: { onToggleTheme(): void }) {
  if (location.pathname.startsWith('/handler/account-settings')) return <AccountSettings extraItems={hostSettingsItems} />;
  if (location.pathname.startsWith('/handler')) return <AuthHandler />;
  if (location.pathname === '/protected') return <Protected />;
  return <Home onToggleTheme={props.onToggleTheme} />;
}

// `?lang=ja` picks the components' language (the provider's `locale`); `?lang=en-XA` is the
// pseudo locale the screen tests render with, every message marked and lengthened.
const lang = new URLSearchParams(location.search).get('lang') ?? undefined;

function App() {
  const [dark, setDark] = useState(() => matchMedia('(prefers-color-scheme: dark)').matches);
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);
  return (
    // No router here: every page change is a full navigation, so App renders from the new URL.
    <AuthProvider
      client={client}
      theme={dark ? 'dark' : 'light'}
      navigate={(url) => location.assign(url)}
      locale={lang === pseudoLocaleTag ? undefined : lang}
      messageDecorator={lang === pseudoLocaleTag ? pseudoLocalize : undefined}
    >
      <Page onToggleTheme={() => setDark((on) => !on)} />
    </AuthProvider>
  );
}

createRoot(document.getElementById('root')!).render(<App />);

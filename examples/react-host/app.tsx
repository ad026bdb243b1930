// A small host app on its own origin that uses authd's React components: the handler screens
// under /handler, a home page, and a page that needs a signed-in user (useUser redirect).
import { createRoot } from 'react-dom/client';
import { createAuthClient } from 'authd/client';
import { AuthHandler, AuthProvider, useAuthUrls, useUser } from 'authd/react';

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

function Home() {
  const user = useUser();
  const urls = useAuthUrls();
  return (
    <main>
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

function App() {
  if (location.pathname.startsWith('/handler')) return <AuthHandler />;
  if (location.pathname === '/protected') return <Protected />;
  return <Home />;
}

createRoot(document.getElementById('root')!).render(
  <AuthProvider client={client}>
    <App />
  </AuthProvider>,
);

// The sources of the fresh host apps, written by the tests into their temp folders: one React
// app (used as is by Vite + React and, through preact/compat, by Vite + Preact), the Next.js App
// Router tree, and a baseline page with React alone to measure what authd adds.

export interface AuthdConfig {
  baseUrl: string;
  projectId: string;
  publishableClientKey: string;
}

const strictTsconfig = (extra: Record<string, unknown> = {}) =>
  JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        isolatedModules: true,
        ...extra,
      },
      include: ['src'],
    },
    null,
    2,
  );

const appSource = (config: AuthdConfig) => `import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createAuthClient, type AuthClient } from '@authd/client';
import { AuthHandler, AuthProvider } from '@authd/react';
import '@authd/react/styles.css';

const client: AuthClient = createAuthClient(${JSON.stringify({ ...config, tokenStore: 'cookie' })});
// The home page (user button, team switcher) is its own chunk, as a routed app splits its pages.
const Home = lazy(() => import('./home'));

function App() {
  return (
    <AuthProvider client={client} navigate={(url: string) => location.assign(url)}>
      {location.pathname.startsWith('/handler') ? (
        <AuthHandler />
      ) : (
        <Suspense fallback={null}>
          <Home />
        </Suspense>
      )}
    </AuthProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`;

const homeSource = `import { SelectedTeamSwitcher, UserButton, useUser } from '@authd/react';

export default function Home() {
  const user = useUser();
  return (
    <main>
      <header>
        {user ? <SelectedTeamSwitcher /> : null}
        <UserButton showUserInfo />
      </header>
      <p data-testid="home-status">{user ? 'Signed in as ' + user.primaryEmail : 'Not signed in'}</p>
    </main>
  );
}
`;

const baselineSource = `import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')!).render(<p data-testid="baseline">React alone</p>);
`;

const html = (entry: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host app</title><link rel="icon" href="data:,"></head>` +
  `<body><div id="root"></div><script type="module" src="${entry}"></script></body></html>\n`;

/** Vite with React (`runtime: 'react'`) or with Preact through preact/compat. */
export function viteAppFiles(config: AuthdConfig, runtime: 'react' | 'preact'): Record<string, string> {
  const plugin =
    runtime === 'react'
      ? `import react from '@vitejs/plugin-react';\nconst plugins = [react()];`
      : `import preact from '@preact/preset-vite';\nconst plugins = [preact()];`;
  return {
    'index.html': html('/src/main.tsx'),
    'baseline.html': html('/src/baseline.tsx'),
    'src/main.tsx': appSource(config),
    'src/home.tsx': homeSource,
    'src/baseline.tsx': baselineSource,
    'src/vite-env.d.ts': `/// <reference types="vite/client" />\n`,
    'vite.config.ts': `import { defineConfig } from 'vite';
${plugin}
export default defineConfig({
  plugins,
  build: { rollupOptions: { input: { main: 'index.html', baseline: 'baseline.html' } } },
});
`,
    // preact/compat stands in for React's types too, as Preact's own template sets it up.
    'tsconfig.json': strictTsconfig(
      runtime === 'preact'
        ? { jsxImportSource: 'preact', paths: { react: ['./node_modules/preact/compat/'], 'react-dom': ['./node_modules/preact/compat/'], 'react-dom/client': ['./node_modules/preact/compat/client'], 'react/jsx-runtime': ['./node_modules/preact/jsx-runtime'] } }
        : {},
    ),
  };
}

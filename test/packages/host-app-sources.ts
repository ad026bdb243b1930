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
export default defineConfig({ plugins });
`,
    // The same toolchain building the framework alone, in a build of its own so that no chunk
    // is shared with the app: what authd adds is measured against it.
    'vite.baseline.config.ts': `import { defineConfig } from 'vite';
${plugin}
export default defineConfig({
  plugins,
  build: { outDir: 'dist-baseline', rollupOptions: { input: 'baseline.html' } },
});
`,
    // preact/compat stands in for React's types too, as Preact's own template sets it up.
    'tsconfig.json': strictTsconfig(
      runtime === 'preact'
        ? {
            jsxImportSource: 'preact',
            paths: {
              react: ['./node_modules/preact/compat/'],
              'react-dom': ['./node_modules/preact/compat/'],
              'react-dom/client': ['./node_modules/preact/compat/client'],
              'react/jsx-runtime': ['./node_modules/preact/jsx-runtime'],
            },
          }
        : {},
    ),
  };
}

/** A Next.js App Router app: no transpilePackages, server components importing @authd/react directly. */
export function nextAppFiles(config: AuthdConfig): Record<string, string> {
  return {
    'next.config.mjs': `export default {};\n`,
    'tsconfig.json': JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          lib: ['dom', 'dom.iterable', 'esnext'],
          module: 'esnext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          // As create-next-app writes it: Next's own declarations need lib entries beyond these.
          // (The Vite apps check @authd's declarations with skipLibCheck off.)
          skipLibCheck: true,
          isolatedModules: true,
          esModuleInterop: true,
          resolveJsonModule: true,
          incremental: false,
          plugins: [{ name: 'next' }],
        },
        include: ['next-env.d.ts', 'app/**/*.ts', 'app/**/*.tsx'],
      },
      null,
      2,
    ),
    'next-env.d.ts': `/// <reference types="next" />\n/// <reference types="next/image-types/global" />\n`,
    'app/authd-config.ts': `export const authdConfig = ${JSON.stringify(config)};\n`,
    'app/(app)/providers.tsx': `'use client';
import type { ReactNode } from 'react';
import { createAuthClient } from '@authd/client';
import { AuthProvider } from '@authd/react';
import { authdConfig } from '../authd-config';

// Server rendering has no browser cookies: the server renders signed out, the browser takes over.
const client = createAuthClient({ ...authdConfig, tokenStore: typeof document === 'undefined' ? null : 'cookie' });

export function Providers(props: { children: ReactNode }) {
  return (
    <AuthProvider client={client} navigate={(url: string) => location.assign(url)}>
      {props.children}
    </AuthProvider>
  );
}
`,
    'app/(app)/layout.tsx': `import type { ReactNode } from 'react';
import '@authd/react/styles.css';
import { Providers } from './providers';

export const metadata = { title: 'host app', icons: { icon: 'data:,' } };

export default function RootLayout(props: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{props.children}</Providers>
      </body>
    </html>
  );
}
`,
    // A server component: @authd/react's client components render inside it (server-rendered first).
    'app/(app)/page.tsx': `import { SelectedTeamSwitcher, UserButton } from '@authd/react';
import { HomeStatus } from './home-status';

export const dynamic = 'force-dynamic';

export default function Home() {
  return (
    <main>
      <p data-testid="server-rendered">Rendered on the server</p>
      <header>
        <SelectedTeamSwitcher />
        <UserButton showUserInfo />
      </header>
      <HomeStatus />
    </main>
  );
}
`,
    'app/(app)/home-status.tsx': `'use client';
import { useUser } from '@authd/react';

export function HomeStatus() {
  const user = useUser();
  return <p data-testid="home-status">{user ? 'Signed in as ' + user.primaryEmail : 'Not signed in'}</p>;
}
`,
    'app/(app)/handler/[...path]/page.tsx': `import { AuthHandler } from '@authd/react';

export default function Handler() {
  return <AuthHandler />;
}
`,
    // Its own root layout (a route group), without authd: the page to measure authd against.
    'app/(plain)/layout.tsx': `import type { ReactNode } from 'react';

export default function PlainLayout(props: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{props.children}</body>
    </html>
  );
}
`,
    'app/(plain)/baseline/page.tsx': `export default function Baseline() {
  return <p data-testid="baseline">React alone</p>;
}
`,
    'app/api/me/route.ts': `import { withAuthdUser } from '@authd/backend/next';
import { authdConfig } from '../../authd-config';

export const GET = withAuthdUser(
  (_request: Request, _context: unknown, user) => Response.json({ userId: user?.userId ?? null }),
  { baseUrl: authdConfig.baseUrl, projectId: authdConfig.projectId },
);
`,
  };
}

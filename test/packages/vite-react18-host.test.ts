// The lower end of @authd/react's peer range: the same fresh Vite app on React 18.3 (and its
// types) type-checks in strict mode, builds, and signs up, in and out and switches teams.
import { test } from 'bun:test';
import { buildAndPreview, withHostApp } from './host-app-kit';
import { driveHostApp } from './host-app-flows';
import { viteAppFiles } from './host-app-sources';

const host = withHostApp('vite-react18', (config) => viteAppFiles(config, 'react'), {
  packages: [
    'vite',
    '@vitejs/plugin-react',
    'react@18.3',
    'react-dom@18.3',
    'typescript',
    '@types/react@18.3',
    '@types/react-dom@18.3',
  ],
  tarballs: ['client', 'react'],
});

test('React 18.3: strict tsc passes, Vite builds it, and it signs up, in and out and switches teams in Chromium', async () => {
  await host.app.run(['npx', 'tsc', '--noEmit', '-p', '.']);
  await driveHostApp(host.t, host.browser, await buildAndPreview(host), 'vite-react18');
}, 180_000);

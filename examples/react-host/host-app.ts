// Builds the example host app with Bun and serves it: the bundle, authd's stylesheet, and
// index.html (with where authd is) for every other path. `bun examples/react-host/host-app.ts
// --authd http://127.0.0.1:8102 --project ID --key pck_…` runs it on port 3000.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildUi, preactCompatPlugin, type UiRuntime } from '../../scripts/build-ui';

export interface HostAppOptions {
  authdUrl: string;
  projectId: string;
  publishableClientKey: string;
  port?: number;
  /** React (default), or preact/compat as a host app aliasing React to Preact builds it. */
  runtime?: UiRuntime;
}

export async function buildHostApp(runtime: UiRuntime = 'react'): Promise<{ script: string; css: string }> {
  await buildUi({ ifStale: true, quiet: true });
  const result = await Bun.build({
    entrypoints: [join(import.meta.dir, 'app.tsx')],
    target: 'browser',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: runtime === 'preact' ? [preactCompatPlugin] : [],
  });
  if (!result.success) throw new AggregateError(result.logs, 'the example host app failed to build');
  const css = readFileSync(join(import.meta.dir, '..', '..', 'dist', 'ui', 'authd.css'), 'utf8');
  return { script: await result.outputs[0]!.text(), css };
}

export async function startHostApp(options: HostAppOptions): Promise<ReturnType<typeof Bun.serve>> {
  const { script, css } = await buildHostApp(options.runtime);
  const config = JSON.stringify({
    authdUrl: options.authdUrl,
    projectId: options.projectId,
    publishableClientKey: options.publishableClientKey,
  }).replace(/</g, '\\u003c');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Example host app</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/authd.css">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;padding:16px;font-family:system-ui,sans-serif;background:#fff;color:#0f172a}
a{color:inherit}
html[data-theme=dark] body{background:#020617;color:#f1f5f9}</style>
<script>window.hostConfig = ${config};</script></head>
<body><div id="root"></div><script type="module" src="/app.js"></script></body></html>`;
  return Bun.serve({
    hostname: '127.0.0.1',
    port: options.port ?? 3000,
    fetch(request) {
      const { pathname } = new URL(request.url);
      if (pathname === '/app.js') return new Response(script, { headers: { 'content-type': 'text/javascript' } });
      if (pathname === '/authd.css') return new Response(css, { headers: { 'content-type': 'text/css' } });
      return new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    },
  });
}

if (import.meta.main) {
  const flag = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    const value = at < 0 ? undefined : process.argv[at + 1];
    if (!value) throw new Error(`missing --${name}`);
    return value;
  };
  const server = await startHostApp({ authdUrl: flag('authd'), projectId: flag('project'), publishableClientKey: flag('key') });
  console.log(`example host app on http://127.0.0.1:${server.port}`);
}

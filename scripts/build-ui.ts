// Builds the UI: Panda CSS (codegen into ui/styled-system, the stylesheet into dist/ui/authd.css)
// and the hosted handler screens twice, with React and with preact/compat, into dist/hosted/*,
// split by route; the admin console into dist/console (scripts/build-console.ts); then reports
// the gzipped JavaScript each screen loads.
// `--if-stale` (used by prestart/pretest) skips the work when nothing under ui/ changed.
import type { BunPlugin } from 'bun';
import { createProgressBar } from '../cmd/progress-bar';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { supportedLocales } from '../server/protocol/locales';
import { bundledMessages } from '../ui/react/i18n/bundled-messages';
import { messageAreas } from '../ui/react/i18n/messages-source';
import { compactMessages } from './compact-messages';
import { buildConsole, consoleOut } from './build-console';

const root = join(import.meta.dir, '..');
const hostedOut = join(root, 'dist', 'hosted');
const stylesheet = join(root, 'dist', 'ui', 'authd.css');
const stampFile = join(hostedOut, 'build-stamp.json');

export type UiRuntime = 'react' | 'preact';
export const uiRuntimes: readonly UiRuntime[] = ['react', 'preact'];

/** The pages a visitor can open, and the source module (chunk name) each one's code is in. */
const screens: { screen: string; module: string }[] = [
  { screen: 'sign-in', module: 'auth-page' },
  { screen: 'sign-up', module: 'auth-page' },
  { screen: 'sign-out', module: 'sign-out' },
  { screen: 'forgot-password', module: 'forgot-password' },
  { screen: 'password-reset', module: 'password-reset' },
  { screen: 'email-verification', module: 'email-verification' },
  { screen: 'magic-link-callback', module: 'magic-link-callback' },
  { screen: 'oauth-callback', module: 'oauth-callback' },
  { screen: 'error', module: 'error-page' },
  { screen: 'account-settings', module: 'account-settings' },
  { screen: 'team-invitation', module: 'team-invitation-page' },
];

/**
 * Everything a browser downloads on a screen's first load (page, stylesheet, scripts, API
 * answers; as received, KB = 1000 B) for the served preact/compat build: the sign-in screen
 * (and sign-up, the same page), and each other screen. test/browser/bundle-budgets.test.ts
 * measures them in Chromium; the build reports only its own reading of the scripts.
 */
export const signInBudgetBytes = 40_000;
export const otherScreenBudgetBytes = 35_000;

/**
 * Writes the brotli and gzip copies the server picks from by Accept-Encoding: compressed once
 * here at the highest settings, never per request.
 */
function writeCompressedCopies(file: string): { brotliBytes: number; gzipBytes: number } {
  const content = readFileSync(file);
  const brotli = brotliCompressSync(content, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  const gzip = Bun.gzipSync(content, { level: 9 });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzip);
  return { brotliBytes: brotli.length, gzipBytes: gzip.length };
}

/**
 * bun build has no alias option: this plugin sends React's module names to preact/compat, so
 * the same component code builds against Preact.
 */
export const preactCompatPlugin: BunPlugin = {
  name: 'preact-compat-alias',
  setup(build) {
    const targets: Record<string, string> = {
      react: 'preact/compat',
      'react-dom': 'preact/compat',
      'react-dom/client': 'preact/compat/client',
      'react/jsx-runtime': 'preact/jsx-runtime',
      'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
    };
    build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({
      path: Bun.resolveSync(targets[args.path] ?? args.path.replace(/^react(-dom)?/, 'preact/compat'), root),
    }));
    // Ark reads React's <Activity> through `import * as React`: that namespace object keeps every
    // preact/compat export alive, and since Ark is only in the account-settings chunks, Bun's
    // splitter put the whole of it (about 1 KB brotli) into the entry every screen loads,
    // sign-in included. preact/compat has no Activity, so the module's values are known here.
    build.onLoad({ filter: /[\\/]@ark-ui[\\/]react[\\/]dist[\\/]utils[\\/]react-activity\.js$/ }, () => ({
      contents: [
        'export const Activity = undefined;',
        "export const getActivity = (react) => Reflect.get(react, 'Activity');",
        'export const supportsActivity = false;',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/** How the hosted screens and the admin console are bundled for the browser: split, minified, hashed names. */
export const browserBundleOptions = {
  target: 'browser',
  format: 'esm',
  splitting: true,
  minify: true,
  sourcemap: 'none',
  naming: { entry: '[name]-[hash].[ext]', chunk: '[name]-[hash].[ext]', asset: '[name]-[hash].[ext]' },
  define: { 'process.env.NODE_ENV': '"production"' },
} as const;

/**
 * The style modules (`styles.ts`, `*-styles.ts`) only export Panda class names built by `css()`:
 * they are evaluated here at build time and shipped as plain strings, so the screens do not
 * carry Panda's `css()` runtime (about 13 KB minified) to compute the same strings in the browser.
 */
export const precomputedStylesPlugin: BunPlugin = {
  name: 'precomputed-panda-styles',
  setup(build) {
    build.onLoad({ filter: /[\\/]ui[\\/](react|console)[\\/].*(^|[\\/-])styles\.ts$/ }, async (args) => {
      const module = (await import(args.path)) as Record<string, unknown>;
      const lines = Object.entries(module).map(([name, value]) => {
        if (typeof value !== 'string') throw new Error(`${args.path}: export ${name} is not a class name string`);
        return `export const ${name} = ${JSON.stringify(value)};`;
      });
      return { contents: lines.join('\n'), loader: 'ts' };
    });
  },
};

/**
 * Panda's base preset gives every element defaults for the custom properties its filter,
 * transform and gradient utilities read (`--blur`, `--translate-x`, ...) and marks `:root` as made
 * with Panda. The screens use none of those utilities, so no rule reads those properties: the
 * declarations that nothing in the stylesheet reads with `var()` are dropped (0.25 KB brotli
 * off every first load). The design tokens (`--authd-*`) stay: host apps may read them.
 */
export function withoutUnreadPandaDefaults(stylesheetText: string): string {
  const isRead = (property: string) => stylesheetText.includes(`var(${property}`);
  return stylesheetText
    .replace(/:root\{--made-with-panda:[^}]*\}/, '')
    .replace(/\*,::backdrop,:after,:before\{([^}]*)\}/, (_block, declarations: string) => {
      const kept = declarations.split(';').filter((declaration) => {
        const property = declaration.slice(0, declaration.indexOf(':')).trim();
        return property !== '' && isRead(property);
      });
      return kept.length === 0 ? '' : `*,::backdrop,:after,:before{${kept.join(';')}}`;
    });
}

function newestSourceTime(): number {
  let newest = statSync(join(root, 'panda.config.ts')).mtimeMs;
  newest = Math.max(newest, statSync(join(import.meta.dir, 'build-ui.ts')).mtimeMs);
  newest = Math.max(newest, statSync(join(import.meta.dir, 'build-console.ts')).mtimeMs);
  newest = Math.max(newest, statSync(join(root, 'panda.console.config.ts')).mtimeMs);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'styled-system') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  walk(join(root, 'ui'));
  return newest;
}

function isFresh(): boolean {
  if (!existsSync(stampFile) || !existsSync(join(root, 'ui', 'styled-system', 'css'))) return false;
  if (!existsSync(join(consoleOut, 'index.html'))) return false;
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { sourceTime: number };
  return stamp.sourceTime >= newestSourceTime();
}

async function runPanda(args: string[]): Promise<void> {
  const child = Bun.spawn([process.execPath, join(root, 'node_modules', '@pandacss', 'dev', 'bin.js'), ...args], {
    cwd: root,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [output, errors, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  if (code !== 0) throw new Error(`panda ${args.join(' ')} failed:\n${output}${errors}`);
}

export interface ScreenSize {
  screen: string;
  files: string[];
  gzipBytes: number;
  brotliBytes: number;
}

/** Static imports of a built chunk (what the browser must fetch before running it). */
function staticImportsOf(code: string): string[] {
  return [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]!);
}

function closureOf(assets: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of staticImportsOf(readFileSync(join(assets, file), 'utf8'))) closureOf(assets, imported, seen);
  return seen;
}

/**
 * Builds one runtime's screens into `out` (dist/hosted/<runtime> unless told) and measures what
 * each screen loads. `plugins` are added after the runtime's own: a test swaps a module for a
 * stub this way to see what that module costs the other screens.
 */
export async function buildRuntime(
  runtime: UiRuntime,
  cssName: string,
  options: { out?: string; plugins?: BunPlugin[] } = {},
): Promise<ScreenSize[]> {
  const out = options.out ?? join(hostedOut, runtime);
  const assets = join(out, 'assets');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(assets, { recursive: true });
  const messages = await compactMessages();
  const result = await Bun.build({
    entrypoints: [join(root, 'ui', 'hosted', 'main.tsx')],
    outdir: assets,
    ...browserBundleOptions,
    plugins: [precomputedStylesPlugin, ...(runtime === 'preact' ? [preactCompatPlugin] : []), ...(options.plugins ?? []), messages.plugin],
  });
  if (!result.success) {
    for (const message of result.logs) console.error(message);
    throw new Error(`hosted screens (${runtime}) failed to build`);
  }
  const entry = basename(result.outputs.find((o) => o.kind === 'entry-point')!.path);
  copyFileSync(stylesheet, join(assets, cssName));
  const template = readFileSync(join(root, 'ui', 'hosted', 'index.html'), 'utf8');
  writeFileSync(join(out, 'index.html'), template.replaceAll('%AUTHD_ENTRY%', entry).replaceAll('%AUTHD_CSS%', cssName));
  // The messages as JSON beside the scripts (the hosted screens fetch the chosen locale's; the
  // server preloads it): one version for all of them, so their names change when any does.
  const catalogues: [string, unknown[]][] = [];
  for (const area of messageAreas) {
    for (const locale of supportedLocales) catalogues.push([`${area}-${locale}`, messages.compact(area, await bundledMessages(area, locale))]);
  }
  const messagesVersion = Bun.hash(JSON.stringify(catalogues)).toString(36);
  for (const [name, messages] of catalogues) writeFileSync(join(assets, `messages-${messagesVersion}-${name}.json`), JSON.stringify(messages));
  writeFileSync(join(out, 'messages.json'), JSON.stringify({ version: messagesVersion }));

  const compressed = new Map<string, { brotliBytes: number; gzipBytes: number }>();
  for (const file of readdirSync(assets)) compressed.set(file, writeCompressedCopies(join(assets, file)));
  const entryFiles = closureOf(assets, entry);
  const chunkFiles = readdirSync(assets).filter((f) => f.endsWith('.js'));
  return screens.map(({ screen, module }) => {
    const chunk = chunkFiles.find((f) => f.startsWith(`${module}-`));
    if (!chunk) throw new Error(`no chunk for the ${screen} screen (${module}) in the ${runtime} build`);
    const files = [...closureOf(assets, chunk, new Set(entryFiles))];
    const sum = (key: 'brotliBytes' | 'gzipBytes') => files.reduce((total, f) => total + compressed.get(f)![key], 0);
    return { screen, files, gzipBytes: sum('gzipBytes'), brotliBytes: sum('brotliBytes') };
  });
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

export async function buildUi(options: { ifStale?: boolean; quiet?: boolean } = {}): Promise<void> {
  if (options.ifStale && isFresh()) return;
  const sourceTime = newestSourceTime();
  const started = performance.now();
  if (!options.quiet) {
    console.log('Building the sign-in screens authd serves (React and preact/compat, about 15-30 s; only when ui/ changed)…');
  }
  const progress = options.quiet ? undefined : createProgressBar(3 + uiRuntimes.length);
  progress?.step('Panda codegen');
  await runPanda(['codegen', '--silent']);
  mkdirSync(join(root, 'dist', 'ui'), { recursive: true });
  progress?.step('stylesheet');
  await runPanda(['cssgen', '--silent', '--minify', '--outfile', stylesheet]);
  writeFileSync(stylesheet, withoutUnreadPandaDefaults(readFileSync(stylesheet, 'utf8')));
  const cssHash = Bun.hash(readFileSync(stylesheet)).toString(36);
  const cssName = `authd-${cssHash}.css`;

  const sizes: Record<string, ScreenSize[]> = {};
  for (const runtime of uiRuntimes) {
    progress?.step(`${runtime} bundles`);
    sizes[runtime] = await buildRuntime(runtime, cssName);
  }
  progress?.step('admin console');
  await buildConsole({ runPanda, writeCompressedCopies, withoutUnreadPandaDefaults, plugins: [precomputedStylesPlugin], bundleOptions: browserBundleOptions });
  progress?.done();
  writeFileSync(stampFile, JSON.stringify({ sourceTime }));
  writeFileSync(join(hostedOut, 'sizes.json'), JSON.stringify(sizes, null, 2));
  if (options.quiet) return;

  const cssBrotli = brotliCompressSync(readFileSync(stylesheet)).length;
  console.log(
    `Screens built in ${((performance.now() - started) / 1000).toFixed(1)} s. JavaScript each screen downloads, brotli (gzip):`,
  );
  console.log('| screen | preact/compat (served) | React (AUTHD_HOSTED_UI=react) |');
  console.log('|---|---|---|');
  for (const [i, { screen }] of screens.entries()) {
    const preact = sizes.preact![i]!;
    const react = sizes.react![i]!;
    console.log(
      `| ${screen} | ${kilobytes(preact.brotliBytes)} (${kilobytes(preact.gzipBytes)}) | ${kilobytes(react.brotliBytes)} (${kilobytes(react.gzipBytes)}) |`,
    );
  }
  console.log(
    `Stylesheet: ${kilobytes(cssBrotli)}. Targets for the served build: sign-in ${kilobytes(signInBudgetBytes)}, other screens ${kilobytes(otherScreenBudgetBytes)}.`,
  );
}

if (import.meta.main) {
  await buildUi({ ifStale: process.argv.includes('--if-stale') });
}

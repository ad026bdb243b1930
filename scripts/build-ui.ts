// Builds the UI: Panda CSS (codegen into ui/styled-system, the stylesheet into dist/ui/authd.css)
// and the hosted handler screens twice, with React and with preact/compat, into dist/hosted/*,
// split by route; then reports the gzipped JavaScript each screen loads.
// `--if-stale` (used by prestart/pretest) skips the work when nothing under ui/ changed.
import type { BunPlugin } from 'bun';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

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
];

/** Budgets from the issue, for the sign-in screen (gzipped bytes, KB = 1000 B). */
export const signInBudgetBytes: Record<UiRuntime, number> = { react: 60_000, preact: 25_000 };

/**
 * bun build has no alias option: this plugin sends React's module names to preact/compat, so
 * the same component code builds against Preact (stack-notes §4).
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
  },
};

function newestSourceTime(): number {
  let newest = statSync(join(root, 'panda.config.ts')).mtimeMs;
  newest = Math.max(newest, statSync(join(import.meta.dir, 'build-ui.ts')).mtimeMs);
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

async function buildRuntime(runtime: UiRuntime, cssName: string): Promise<ScreenSize[]> {
  const out = join(hostedOut, runtime);
  const assets = join(out, 'assets');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(assets, { recursive: true });
  const result = await Bun.build({
    entrypoints: [join(root, 'ui', 'hosted', 'main.tsx')],
    outdir: assets,
    target: 'browser',
    format: 'esm',
    splitting: true,
    minify: true,
    sourcemap: 'none',
    naming: { entry: '[name]-[hash].[ext]', chunk: '[name]-[hash].[ext]', asset: '[name]-[hash].[ext]' },
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: runtime === 'preact' ? [preactCompatPlugin] : [],
  });
  if (!result.success) {
    for (const message of result.logs) console.error(message);
    throw new Error(`hosted screens (${runtime}) failed to build`);
  }
  const entry = basename(result.outputs.find((o) => o.kind === 'entry-point')!.path);
  copyFileSync(stylesheet, join(assets, cssName));
  const template = readFileSync(join(root, 'ui', 'hosted', 'index.html'), 'utf8');
  writeFileSync(join(out, 'index.html'), template.replace('%AUTHD_ENTRY%', entry).replace('%AUTHD_CSS%', cssName));

  const gzipSize = (file: string) => Bun.gzipSync(readFileSync(join(assets, file))).length;
  const entryFiles = closureOf(assets, entry);
  const chunkFiles = readdirSync(assets).filter((f) => f.endsWith('.js'));
  return screens.map(({ screen, module }) => {
    const chunk = chunkFiles.find((f) => f.startsWith(`${module}-`));
    if (!chunk) throw new Error(`no chunk for the ${screen} screen (${module}) in the ${runtime} build`);
    const files = [...closureOf(assets, chunk, new Set(entryFiles))];
    return { screen, files, gzipBytes: files.reduce((sum, f) => sum + gzipSize(f), 0) };
  });
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

export async function buildUi(options: { ifStale?: boolean; quiet?: boolean } = {}): Promise<void> {
  if (options.ifStale && isFresh()) return;
  const sourceTime = newestSourceTime();
  const started = performance.now();
  await runPanda(['codegen', '--silent']);
  mkdirSync(join(root, 'dist', 'ui'), { recursive: true });
  await runPanda(['cssgen', '--silent', '--outfile', stylesheet]);
  const cssHash = Bun.hash(readFileSync(stylesheet)).toString(36);
  const cssName = `authd-${cssHash}.css`;

  const sizes: Record<string, ScreenSize[]> = {};
  for (const runtime of uiRuntimes) sizes[runtime] = await buildRuntime(runtime, cssName);
  writeFileSync(stampFile, JSON.stringify({ sourceTime }));
  writeFileSync(join(hostedOut, 'sizes.json'), JSON.stringify(sizes, null, 2));
  if (options.quiet) return;

  const cssGzip = Bun.gzipSync(readFileSync(stylesheet)).length;
  console.log(
    `hosted screens built in ${((performance.now() - started) / 1000).toFixed(1)} s; JavaScript each screen loads (gzipped):`,
  );
  console.log('| screen | React | preact/compat |');
  console.log('|---|---|---|');
  for (const [i, { screen }] of screens.entries()) {
    console.log(`| ${screen} | ${kilobytes(sizes.react![i]!.gzipBytes)} | ${kilobytes(sizes.preact![i]!.gzipBytes)} |`);
  }
  console.log(`stylesheet (both): ${kilobytes(cssGzip)} gzipped`);
  for (const runtime of uiRuntimes) {
    const signIn = sizes[runtime]![0]!.gzipBytes;
    const budget = signInBudgetBytes[runtime];
    const verdict = signIn <= budget ? 'within' : 'OVER';
    console.log(`sign-in with ${runtime}: ${kilobytes(signIn)} gz, ${verdict} the ${kilobytes(budget)} budget`);
  }
}

if (import.meta.main) {
  await buildUi({ ifStale: process.argv.includes('--if-stale') });
}

// Builds the admin console (ui/console) into dist/console: its own stylesheet (panda cssgen with
// panda.console.config.ts), its own React bundle split by route (each page a chunk loaded when
// opened), and the brotli and gzip copies the server sends. Run by scripts/build-ui.ts.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const root = join(import.meta.dir, '..');
export const consoleOut = join(root, 'dist', 'console');

/**
 * Everything a browser downloads on the console's first load, JavaScript and CSS as received
 * (brotli, KB = 1000 B). test/browser/admin-console-budget.test.ts measures it in Chromium.
 */
export const consoleFirstLoadBudgetBytes = 150_000;

export interface ConsoleBuildTools {
  runPanda(args: string[]): Promise<void>;
  writeCompressedCopies(file: string): unknown;
  plugins: import('bun').BunPlugin[];
  withoutUnreadPandaDefaults(stylesheetText: string): string;
  /** The screens' bundling options (build-ui.ts), so both builds bundle alike. */
  bundleOptions: Partial<import('bun').BuildConfig>;
}

export async function buildConsole(tools: ConsoleBuildTools): Promise<void> {
  const assets = join(consoleOut, 'assets');
  rmSync(consoleOut, { recursive: true, force: true });
  mkdirSync(assets, { recursive: true });
  const stylesheet = join(consoleOut, 'console.css');
  await tools.runPanda(['cssgen', '--silent', '--minify', '--config', join(root, 'panda.console.config.ts'), '--outfile', stylesheet]);
  writeFileSync(stylesheet, tools.withoutUnreadPandaDefaults(readFileSync(stylesheet, 'utf8')));
  const cssName = `console-${Bun.hash(readFileSync(stylesheet)).toString(36)}.css`;
  copyFileSync(stylesheet, join(assets, cssName));
  rmSync(stylesheet);
  const result = await Bun.build({
    entrypoints: [join(root, 'ui', 'console', 'main.tsx')],
    outdir: assets,
    ...tools.bundleOptions,
    plugins: tools.plugins,
  });
  if (!result.success) {
    for (const message of result.logs) console.error(message);
    throw new Error('the admin console failed to build');
  }
  const entry = basename(result.outputs.find((o) => o.kind === 'entry-point')!.path);
  const template = readFileSync(join(root, 'ui', 'console', 'index.html'), 'utf8');
  writeFileSync(join(consoleOut, 'index.html'), template.replaceAll('%AUTHD_ENTRY%', entry).replaceAll('%AUTHD_CSS%', cssName));
  for (const file of readdirSync(assets)) tools.writeCompressedCopies(join(assets, file));
}

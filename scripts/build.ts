// `npm run build`: compiles the CLI (serve and every other command) into dist/authd, one
// self-contained executable that runs copied alone into an empty directory. The database
// migrations are already inside it: db/migrations.generated.ts imports the SQL as text.
import type { BunPlugin } from 'bun';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { buildUi } from './build-ui';
import { vendorEntryPoints } from '../server/vendor/load-vendor';

const root = join(import.meta.dir, '..');
const outfile = join(root, 'dist', 'authd');

// Ink imports react-devtools-core (only used when DEV=true); it is not installed, so the
// bundler cannot resolve it and a plain --external leaves a startup import that fails in the
// binary. Resolve it to an empty module instead.
const stubReactDevtools: BunPlugin = {
  name: 'stub-react-devtools-core',
  setup(build) {
    build.onResolve({ filter: /^react-devtools-core$/ }, (args) => ({ path: args.path, namespace: 'stub-react-devtools-core' }));
    build.onLoad({ filter: /.*/, namespace: 'stub-react-devtools-core' }, () => ({
      contents: 'export default {};',
      loader: 'js',
    }));
  },
};

mkdirSync(join(root, 'dist'), { recursive: true });
// The hosted handler screens go inside the binary: built first, then embedded as assets
// (served from import.meta.dir + '/hosted' in the binary, see server/http/hosted-screens.ts).
await buildUi();
const started = performance.now();

async function compile(bytecodeOrder?: string): Promise<void> {
  const result = await Bun.build({
    // The first is the program; the others are libraries embedded as modules of their own and
    // loaded on first use (server/vendor/load-vendor.ts).
    entrypoints: [join(root, 'cmd', 'main.ts'), ...vendorEntryPoints.map((path) => join(root, path))],
    compile: {
      outfile,
      // A bunfig.toml in the directory the binary is started from must not change how it runs.
      autoloadBunfig: false,
      assets: ['dist/hosted', 'dist/console'],
      // Profile-guided layout: the bytecode a start of `serve` runs is placed together at the
      // front, so a start touches fewer pages of the executable (faster, and less resident).
      bytecodeOrder: bytecodeOrder ?? null,
    } as Bun.CompileBuildOptions & { assets: string[] },
    target: 'bun',
    minify: true,
    // Precompiled bytecode in the binary: the engine skips parsing the bundle at each start
    // (bench/footprint.ts measures spawn to first 200).
    bytecode: true,
    format: 'esm',
    sourcemap: 'none',
    // Bun.build does not imply production the way `bun build --compile` does.
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [stubReactDevtools],
  });
  if (!result.success) {
    for (const message of result.logs) console.error(message);
    console.error('build failed');
    process.exit(1);
  }
  for (const message of result.logs) console.warn(message);
}

/**
 * Starts the binary just built as `authd serve` on a new data directory, asks it what a first
 * visitor would (health, the API root, the current project, a hosted screen), stops it, and
 * returns the file in which Bun recorded the functions that ran, in order.
 */
async function recordServeStartOrder(): Promise<string> {
  const workDir = mkdtempSync(join(tmpdir(), 'authd-build-order-'));
  const orderFile = join(workDir, 'bytecode-order.txt');
  const child = Bun.spawn([outfile, 'serve', '--port', '0', '--json', '--data', join(workDir, 'data')], {
    env: { ...process.env, BUN_BYTECODE_ORDER_OUT: orderFile },
    stdout: 'pipe',
    stderr: 'ignore',
  });
  try {
    let publishableKey = '';
    let projectId = '';
    let url = '';
    // `--json` prints the created projects, then the listening event, one JSON object a line.
    for await (const line of readLines(child.stdout)) {
      const event = JSON.parse(line) as { event?: string; url?: string; project_id?: string; publishable_client_key?: string };
      if (event.publishable_client_key && !publishableKey) {
        publishableKey = event.publishable_client_key;
        projectId = event.project_id ?? '';
      }
      if (event.event === 'listening') {
        url = event.url ?? '';
        break;
      }
    }
    if (!url) throw new Error('the binary did not start listening');
    const headers = { 'x-stack-access-type': 'client', 'x-stack-project-id': projectId, 'x-stack-publishable-client-key': publishableKey };
    for (const [path, init] of [
      ['/health', {}],
      ['/api/v1', {}],
      ['/api/v1/projects/current', { headers }],
      ['/handler/sign-in', { headers: { 'accept-encoding': 'br' } }],
    ] as const) {
      await (await fetch(url + path, init)).arrayBuffer();
    }
  } finally {
    child.kill('SIGTERM');
    await child.exited;
  }
  return orderFile;
}

async function* readLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let buffered = '';
  const decoder = new TextDecoder();
  for await (const chunk of stream) {
    buffered += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line) yield line;
    }
  }
}

await compile();
const orderFile = await recordServeStartOrder();
await compile(orderFile);
rmSync(dirname(orderFile), { recursive: true, force: true });
const seconds = (performance.now() - started) / 1000;

const bytes = statSync(outfile).size;
console.log(
  `built ${relative(process.cwd(), outfile) || outfile}: ${(bytes / 1024 / 1024).toFixed(1)} MB (${bytes} bytes) in ${seconds.toFixed(1)} s`,
);

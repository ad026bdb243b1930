// `npm run build`: compiles the CLI (serve and every other command) into dist/authd, one
// self-contained executable that runs copied alone into an empty directory. The database
// migrations are already inside it: db/migrations.generated.ts imports the SQL as text.
import type { BunPlugin } from 'bun';
import { mkdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildUi } from './build-ui';

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
const result = await Bun.build({
  entrypoints: [join(root, 'cmd', 'main.ts')],
  compile: {
    outfile,
    // A bunfig.toml in the directory the binary is started from must not change how it runs.
    autoloadBunfig: false,
    assets: ['dist/hosted'],
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
const seconds = (performance.now() - started) / 1000;

if (!result.success) {
  for (const message of result.logs) console.error(message);
  console.error('build failed');
  process.exit(1);
}
for (const message of result.logs) console.warn(message);

const bytes = statSync(outfile).size;
console.log(
  `built ${relative(process.cwd(), outfile) || outfile}: ${(bytes / 1024 / 1024).toFixed(1)} MB (${bytes} bytes) in ${seconds.toFixed(1)} s`,
);

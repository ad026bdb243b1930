// `npm run pack:packages`: builds @authd/client, @authd/react and @authd/backend from ui/client,
// ui/react and ui/backend and packs each with `npm pack` into dist/packages/, at the server's
// version. client and backend are bundled by Bun.build; react keeps its module graph (tsc emits
// one JavaScript module per source) so a host's bundler tree-shakes it and keeps its lazily
// loaded screens apart, with Ark UI and the QR encoder bundled privately under its vendor/ folder.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { buildUi } from './build-ui';

const repoRoot = resolve(import.meta.dir, '..');
const rootManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
};
export const packagesVersion = rootManifest.version;
export const packagesDir = join(repoRoot, 'dist', 'packages');
const stagingDir = join(repoRoot, 'dist', 'packages-build');
const clientSources = join(repoRoot, 'ui', 'client');
const serverOnlyModules = /["'](elysia|drizzle-orm|pg|nodemailer|argon2|@simplewebauthn\/server|bun:[a-z]+)(\/[^"']*)?["']/;

export type PackageFolder = 'client' | 'react' | 'backend';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function runTsc(name: string, compilerOptions: Record<string, unknown>, files: string[]): void {
  const tsconfigPath = join(stagingDir, `tsconfig.${name}.json`);
  const options = {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['ESNext', 'DOM'],
    types: [],
    strict: true,
    jsx: 'react-jsx',
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    declaration: true,
    rootDir: repoRoot,
    ...compilerOptions,
  };
  writeFileSync(tsconfigPath, JSON.stringify({ compilerOptions: options, files }));
  const tsc = Bun.spawnSync([join(repoRoot, 'node_modules', '.bin', 'tsc'), '-p', tsconfigPath], { cwd: repoRoot });
  if (tsc.exitCode !== 0) throw new Error(`tsc for ${name}:\n${tsc.stdout}${tsc.stderr}`);
}

/**
 * Rewrites the import specifiers of emitted files: relative ones get explicit file names (webpack
 * and Node's ESM resolution need them), and `map` may send a specifier elsewhere.
 */
function rewriteSpecifiers(dir: string, map: (file: string, specifier: string) => string | undefined = () => undefined): void {
  for (const file of filesUnder(dir).filter((f) => /\.(d\.ts|js|mjs)$/.test(f))) {
    const code = readFileSync(file, 'utf8').replace(
      /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\2/g,
      (_whole, lead: string, quote: string, specifier: string) =>
        `${lead}${quote}${map(file, specifier) ?? explicitFileName(file, specifier)}${quote}`,
    );
    writeFileSync(file, code);
  }
}

function explicitFileName(fromFile: string, specifier: string): string {
  if (!specifier.startsWith('.') || /\.(js|mjs)$/.test(specifier)) return specifier;
  const bare = specifier.replace(/\.tsx?$/, '').replace(/\/$/, '');
  const target = resolve(dirname(fromFile), bare);
  for (const suffix of ['.js', '.mjs', '.d.ts']) {
    if (existsSync(target + suffix)) return `${bare}${suffix === '.d.ts' ? '.js' : suffix}`;
  }
  for (const index of ['index.js', 'index.mjs', 'index.d.ts']) {
    if (existsSync(join(target, index))) return `${bare}/${index.replace('.d.ts', '.js')}`;
  }
  throw new Error(`${relative(stagingDir, fromFile)}: cannot resolve ${specifier}`);
}

async function bundle(entrypoints: string[], outDir: string, external: string[], root: string): Promise<void> {
  const result = await Bun.build({
    entrypoints,
    root,
    outdir: outDir,
    target: 'browser',
    format: 'esm',
    // Shared code is one chunk, so an adapter and the main entry share one JWKS cache.
    splitting: true,
    naming: { entry: '[dir]/[name].js', chunk: 'chunks/[name]-[hash].js' },
    external: external.flatMap((name) => [name, `${name}/*`]),
  });
  if (!result.success) throw new AggregateError(result.logs, `bundling ${entrypoints.join(', ')} failed`);
}

async function buildClient(packageDir: string): Promise<void> {
  await bundle([join(clientSources, 'index.ts')], join(packageDir, 'dist'), [], clientSources);
  runTsc('client', { emitDeclarationOnly: true, outDir: join(packageDir, 'types') }, [join(clientSources, 'index.ts')]);
  rewriteSpecifiers(join(packageDir, 'types'));
}

async function buildBackend(packageDir: string): Promise<void> {
  const sources = join(repoRoot, 'ui', 'backend');
  const entries = ['index.ts', 'hono.ts', 'express.ts', 'next.ts'].map((file) => join(sources, file));
  await bundle(entries, join(packageDir, 'dist'), ['jose'], sources);
  runTsc('backend', { emitDeclarationOnly: true, outDir: join(packageDir, 'types') }, entries);
  rewriteSpecifiers(join(packageDir, 'types'));
}

// Libraries @authd/react bundles privately: a host app with its own Ark UI (any version) keeps
// it, and the two never share a React context by accident.
const privateLibraries: Record<string, string> = {
  '@ark-ui/react': 'ark-ui',
  qrcode: 'qrcode',
};

function privateLibraryOf(specifier: string): string | undefined {
  const name = Object.keys(privateLibraries).find((lib) => specifier === lib || specifier.startsWith(`${lib}/`));
  return name && privateLibraries[name];
}

/** The names the sources import from each private library, so each vendor module exports just those. */
function importedNames(files: string[]): Map<string, Map<string, Set<string>>> {
  const byVendor = new Map<string, Map<string, Set<string>>>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
      const vendor = privateLibraryOf(match[3]!);
      if (!vendor || match[1]) continue;
      const names = match[2]!
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith('type '))
        .map((name) => name.split(/\s+as\s+/)[0]!);
      const bySpecifier = byVendor.get(vendor) ?? new Map<string, Set<string>>();
      byVendor.set(vendor, bySpecifier);
      const set = bySpecifier.get(match[3]!) ?? new Set<string>();
      bySpecifier.set(match[3]!, set);
      for (const name of names) set.add(name);
    }
    // Dynamically imported whole (the QR encoder, loaded when a user sets up TOTP).
    for (const match of source.matchAll(/import\('([^']+)'\)/g)) {
      const vendor = privateLibraryOf(match[1]!);
      if (vendor) byVendor.set(vendor, byVendor.get(vendor) ?? new Map([[match[1]!, new Set(['*'])]]));
    }
  }
  return byVendor;
}

async function buildReact(packageDir: string): Promise<void> {
  const sources = join(repoRoot, 'ui', 'react');
  const distDir = join(packageDir, 'dist');
  const sourceFiles = filesUnder(sources).filter((file) => /\.tsx?$/.test(file));
  runTsc('react', { outDir: distDir, noUncheckedIndexedAccess: true, rewriteRelativeImportExtensions: true, stripInternal: true }, [
    join(sources, 'index.ts'),
  ]);
  // The client library is @authd/client, a package of its own (one copy of its classes per app).
  rmSync(join(distDir, 'ui', 'client'), { recursive: true, force: true });
  // tsc emitted the whole program, the client's protocol modules included: keep only those the
  // react modules import themselves.
  const emitted = filesUnder(distDir)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  for (const file of filesUnder(join(distDir, 'server'))) {
    const module = relative(distDir, file).replace(/\.(d\.ts|js)$/, '');
    if (!emitted.includes(`${module.split('/').pop()}'`)) rmSync(file);
  }
  // Panda's generated runtime (css(), cx()) is JavaScript already: copied beside the modules.
  cpSync(join(repoRoot, 'ui', 'styled-system'), join(distDir, 'ui', 'styled-system'), {
    recursive: true,
    filter: (path) => statSync(path).isDirectory() || path.endsWith('.mjs'),
  });

  const vendorDir = join(distDir, 'vendor');
  const stubDir = join(stagingDir, 'vendor-entries');
  mkdirSync(stubDir, { recursive: true });
  const stubs: string[] = [];
  for (const [vendor, bySpecifier] of importedNames(sourceFiles)) {
    const lines = [...bySpecifier].map(([specifier, names]) =>
      names.has('*') ? `export * from '${specifier}';` : `export { ${[...names].sort().join(', ')} } from '${specifier}';`,
    );
    const stub = join(stubDir, `${vendor}.ts`);
    writeFileSync(stub, `${lines.join('\n')}\n`);
    stubs.push(stub);
  }
  // One bundle per library, each whole (no splitting): Bun's code splitting adds a chunk loader.
  for (const stub of stubs) {
    const result = await Bun.build({
      entrypoints: [stub],
      outdir: vendorDir,
      target: 'browser',
      format: 'esm',
      naming: '[name].js',
      external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    });
    if (!result.success) throw new AggregateError(result.logs, `bundling ${stub} failed`);
  }

  rewriteSpecifiers(distDir, (file, specifier) => {
    const vendor = privateLibraryOf(specifier);
    if (vendor) {
      const path = relative(dirname(file), join(vendorDir, `${vendor}.js`));
      return path.startsWith('.') ? path : `./${path}`;
    }
    if (specifier.startsWith('.') && resolve(dirname(file), specifier).startsWith(join(distDir, 'ui', 'client')))
      return '@authd/client';
    return undefined;
  });
  writeVendorDeclarations(distDir, vendorDir);
  // Next.js App Router: every module is a client module, but not the entry, which only
  // re-exports: a server component importing one component from it then references that
  // component's module alone, not all of @authd/react (the account settings and Ark UI stay out
  // of the sign-in page). tsc keeps no directives, so they are written here.
  for (const file of filesUnder(join(distDir, 'ui', 'react')).filter((f) => f.endsWith('.js'))) {
    if (file === join(distDir, 'ui', 'react', 'index.js')) continue;
    writeFileSync(file, `"use client";\n${readFileSync(file, 'utf8').replace(/^(['"])use client\1;?\n/, '')}`);
  }
  cpSync(join(repoRoot, 'dist', 'ui', 'authd.css'), join(distDir, 'styles.css'));
}

/**
 * The declarations name a few types of the private libraries (a list collection, the toaster).
 * They are opaque outside the package, so each becomes a generic placeholder type and a host app
 * type-checks without Ark UI installed.
 */
function writeVendorDeclarations(distDir: string, vendorDir: string): void {
  const typesByVendor = new Map<string, Set<string>>();
  for (const file of filesUnder(distDir).filter((f) => f.endsWith('.d.ts'))) {
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/vendor\/([\w-]+)\.js"\)\.(\w+)/g)) {
      typesByVendor.set(match[1]!, (typesByVendor.get(match[1]!) ?? new Set()).add(match[2]!));
    }
    for (const match of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[./]*vendor\/([\w-]+)\.js'/g)) {
      for (const name of match[1]!
        .split(',')
        .map((n) => n.replace(/^\s*type\s+/, '').trim())
        .filter(Boolean)) {
        typesByVendor.set(match[2]!, (typesByVendor.get(match[2]!) ?? new Set()).add(name));
      }
    }
  }
  for (const vendor of readdirSync(vendorDir).filter((f) => f.endsWith('.js'))) {
    const names = [...(typesByVendor.get(vendor.replace(/\.js$/, '')) ?? [])].sort();
    const lines = names.map((name) => `export type ${name}<T = unknown> = { readonly '@authd/react private': T };`);
    writeFileSync(
      join(vendorDir, vendor.replace(/\.js$/, '.d.ts')),
      `// A library bundled privately inside @authd/react: its types are not part of the package's API.\n${lines.join('\n')}\nexport {};\n`,
    );
  }
}

function writeManifest(folder: PackageFolder, packageDir: string): void {
  const source = JSON.parse(readFileSync(join(repoRoot, 'ui', folder, 'package.json'), 'utf8')) as Record<string, unknown>;
  const dependencies = source.dependencies as Record<string, string> | undefined;
  // The server's version; @authd/react needs the very same @authd/client.
  for (const name of Object.keys(dependencies ?? {})) {
    dependencies![name] = name.startsWith('@authd/')
      ? packagesVersion
      : (rootManifest.dependencies[name] ?? dependencies![name]!);
  }
  const { private: _private, ...published } = source;
  writeFileSync(join(packageDir, 'package.json'), `${JSON.stringify({ ...published, version: packagesVersion }, null, 2)}\n`);
}

const builders: Record<PackageFolder, (packageDir: string) => Promise<void>> = {
  client: buildClient,
  react: buildReact,
  backend: buildBackend,
};

/** Builds and packs the three packages; returns the tarballs' paths. */
export async function packPackages(options: { quiet?: boolean } = {}): Promise<Record<PackageFolder, string>> {
  await buildUi({ ifStale: true, quiet: true });
  rmSync(packagesDir, { recursive: true, force: true });
  rmSync(stagingDir, { recursive: true, force: true });
  mkdirSync(packagesDir, { recursive: true });
  const tarballs = {} as Record<PackageFolder, string>;
  for (const folder of Object.keys(builders) as PackageFolder[]) {
    const packageDir = join(stagingDir, folder);
    mkdirSync(packageDir, { recursive: true });
    await builders[folder](packageDir);
    for (const file of filesUnder(packageDir).filter((f) => /\.(js|mjs)$/.test(f))) {
      if (serverOnlyModules.test(readFileSync(file, 'utf8')))
        throw new Error(`${relative(stagingDir, file)} imports server-only code`);
    }
    cpSync(join(repoRoot, 'ui', folder, 'README.md'), join(packageDir, 'README.md'));
    cpSync(join(repoRoot, 'LICENSE'), join(packageDir, 'LICENSE'));
    writeManifest(folder, packageDir);
    const pack = Bun.spawnSync(['npm', 'pack', '--json', '--pack-destination', packagesDir], { cwd: packageDir, stderr: 'pipe' });
    if (pack.exitCode !== 0) throw new Error(`npm pack of @authd/${folder}: ${pack.stderr}`);
    const [packed] = JSON.parse(pack.stdout.toString()) as { filename: string }[];
    tarballs[folder] = join(packagesDir, packed!.filename);
    if (!options.quiet) console.log(relative(repoRoot, tarballs[folder]));
  }
  return tarballs;
}

if (import.meta.main) await packPackages();

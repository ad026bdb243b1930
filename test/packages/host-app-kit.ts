// Fresh host apps for the package tests: a temp folder with the app's own toolchain from npm,
// the three tarballs installed (not the sources), commands run in it, and a server started on
// its own port. Nothing is cached outside the folder except npm's own cache.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'bun:test';
import type { Browser } from 'playwright-core';
import { packPackages, type PackageFolder } from '../../scripts/pack-packages';
import { launchBrowser } from '../browser/browser-support';
import { startTestInstance, type TestInstance } from '../support/instance';
import { builtScriptBytes, signInPageWeight } from './host-app-flows';
import type { AuthdConfig } from './host-app-sources';

let packed: Promise<Record<PackageFolder, string>> | undefined;

/** The three tarballs, packed once per test process. */
export function packedTarballs(): Promise<Record<PackageFolder, string>> {
  packed ??= packPackages({ quiet: true });
  return packed;
}

export interface HostApp {
  dir: string;
  /** Runs a command in the app's folder; throws with its output when it fails. */
  run(command: string[], env?: Record<string, string>): Promise<string>;
  /** Starts a long-running command and resolves once `url` answers. */
  serve(command: string[], url: string, env?: Record<string, string>): Promise<{ stop(): Promise<void> }>;
  remove(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const quietNpm = { npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' };

/** A new app folder with `files` written and `npm install` of `packages` plus the tarballs it names. */
export async function createHostApp(
  name: string,
  files: Record<string, string>,
  options: { packages: string[]; devPackages?: string[]; tarballs: PackageFolder[] },
): Promise<HostApp> {
  const dir = mkdtempSync(join(tmpdir(), `authd-${name}-`));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }, null, 2));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  const run = async (command: string[], env: Record<string, string> = {}) => {
    const child = Bun.spawn(command, { cwd: dir, env: { ...process.env, ...quietNpm, ...env }, stdout: 'pipe', stderr: 'pipe' });
    const [out, err, code] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ]);
    if (code !== 0) throw new Error(`${command.join(' ')} in ${dir} exited ${code}:\n${out}\n${err}`);
    return out + err;
  };
  const tarballs = await packedTarballs();
  await run(['npm', 'install', '--no-package-lock', ...options.packages, ...options.tarballs.map((folder) => tarballs[folder])]);
  if (options.devPackages?.length) await run(['npm', 'install', '--no-package-lock', '--save-dev', ...options.devPackages]);
  return {
    dir,
    run,
    async serve(command, url, env = {}) {
      // A process group of its own: npx and the servers start children, and stopping ends them all.
      const child = Bun.spawn(command, {
        cwd: dir,
        env: { ...process.env, ...quietNpm, ...env },
        stdout: 'pipe',
        stderr: 'pipe',
        detached: true,
      });
      const stopGroup = () => {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      };
      let output = '';
      const collect = async (stream: ReadableStream<Uint8Array>) => {
        for await (const chunk of stream) output += new TextDecoder().decode(chunk);
      };
      void collect(child.stdout);
      void collect(child.stderr);
      for (;;) {
        if (child.exitCode !== null) {
          stopGroup();
          throw new Error(`${command.join(' ')} exited ${child.exitCode}:\n${output}`);
        }
        const answered = await fetch(url).then(
          () => true,
          () => false,
        );
        if (answered) break;
        await Bun.sleep(200);
      }
      return {
        async stop() {
          stopGroup();
          await child.exited;
        },
      };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A test file's instance, Chromium and fresh host app; `served` is the app's server once a test started it. */
export interface HostAppFile {
  t: TestInstance;
  browser: Browser;
  app: HostApp;
  served?: { stop(): Promise<void> };
}

/**
 * Registers the file's beforeAll/afterAll: an instance, Chromium, and the app `name` with the
 * files `files` writes for the demo project and `install` installed; all stopped and removed after
 * the file's tests. The returned object is filled in when the file's tests run.
 */
export function withHostApp(
  name: string,
  files: (config: AuthdConfig) => Record<string, string>,
  install: Parameters<typeof createHostApp>[2],
  instance?: Parameters<typeof startTestInstance>[0],
): HostAppFile {
  const file = {} as HostAppFile;
  beforeAll(async () => {
    file.t = await startTestInstance(instance);
    file.browser = await launchBrowser();
    const demo = file.t.demo!;
    file.app = await createHostApp(
      name,
      files({ baseUrl: file.t.url, projectId: demo.projectId, publishableClientKey: demo.keys.publishable_client_key! }),
      install,
    );
  }, 300_000);
  afterAll(async () => {
    await file.served?.stop();
    await file.browser?.close();
    await file.t?.stop();
    file.app?.remove();
  });
  return file;
}

/** `vite build`, then `vite preview` on a free localhost port (kept in `served`); resolves with its URL. */
export async function buildAndPreview(file: HostAppFile): Promise<string> {
  await file.app.run(['npx', 'vite', 'build']);
  const port = await freePort();
  const hostUrl = `http://localhost:${port}`;
  file.served = await file.app.serve(
    ['npx', 'vite', 'preview', '--port', String(port), '--strictPort', '--host', 'localhost'],
    hostUrl,
  );
  return hostUrl;
}

/**
 * The JavaScript the served app's sign-in page downloads beside the framework alone, which the
 * app's vite.baseline.config.ts builds into dist-baseline; printed, then returned for the budget.
 */
export async function viteSignInPageWeight(file: HostAppFile, hostUrl: string, framework: string) {
  await file.app.run(['npx', 'vite', 'build', '-c', 'vite.baseline.config.ts']);
  const weight = await signInPageWeight(file.browser, hostUrl, async () =>
    builtScriptBytes(join(file.app.dir, 'dist-baseline', 'assets')),
  );
  console.log(
    `vite + ${framework.toLowerCase()} sign-in page: ${weight.signInPage} B brotli, ${framework} alone ${weight.reactAlone} B, authd adds ${weight.added} B`,
  );
  return weight;
}

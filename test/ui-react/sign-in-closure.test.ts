// Account settings (Ark UI's menus, dialogs and the image cropper) must cost the sign-in screen
// nothing: the served preact/compat build is made twice, as shipped and with the account-settings
// page replaced by an empty component, and the sign-in screen's JavaScript is compared.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import type { BunPlugin } from 'bun';
import { buildRuntime, buildUi, type ScreenSize } from '../../scripts/build-ui';
import { makeTempDir } from '../support/instance';

const accountSettingsStub: BunPlugin = {
  name: 'account-settings-stub',
  setup(build) {
    build.onLoad({ filter: /[\\/]ui[\\/]react[\\/]account-settings[\\/]account-settings\.tsx$/ }, () => ({
      contents: 'export function AccountSettings() { return null; }',
      loader: 'tsx',
    }));
  },
};

const outDir = makeTempDir('authd-sign-in-closure-');
let shipped: ScreenSize[], withoutAccountSettings: ScreenSize[];

beforeAll(async () => {
  await buildUi({ ifStale: true, quiet: true });
  // The stylesheet is only copied beside the scripts; its name does not matter here.
  shipped = await buildRuntime('preact', 'authd.css', { out: join(outDir, 'shipped') });
  withoutAccountSettings = await buildRuntime('preact', 'authd.css', {
    out: join(outDir, 'stubbed'),
    plugins: [accountSettingsStub],
  });
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const signInOf = (sizes: ScreenSize[]) => sizes.find((size) => size.screen === 'sign-in')!;
const accountSettingsOf = (sizes: ScreenSize[]) => sizes.find((size) => size.screen === 'account-settings')!;

test('the stub really removes the account-settings code (the comparison means something)', () => {
  expect(accountSettingsOf(shipped).brotliBytes - accountSettingsOf(withoutAccountSettings).brotliBytes).toBeGreaterThan(3_000);
});

/**
 * The entry's chunk table (every chunk's hash, file name and static imports, which the loader
 * reads to preload a lazy chunk's imports) lists every chunk of the app, so it grows with each
 * piece of account settings loaded on demand: the price of keeping that code out of sign-in, not
 * settings code in it. It is blanked before the two builds are compared.
 */
const chunkTable = /\["[a-z0-9]{8}"(?:,"[a-z0-9]{8}")*\],\[(?:\["\.\/[\w-]+\.js"(?:,\d+)*\],?)+\]/;

function signInCodeWithoutChunkTable(sizes: ScreenSize[], dir: string): { rawBytes: number; brotliBytes: number } {
  let rawBytes = 0;
  let brotliBytes = 0;
  let tablesFound = 0;
  for (const file of signInOf(sizes).files) {
    const code = readFileSync(join(outDir, dir, 'assets', file), 'utf8');
    if (chunkTable.test(code)) tablesFound += 1;
    const compared = code.replace(chunkTable, '[],[]');
    rawBytes += Buffer.byteLength(compared);
    brotliBytes += brotliCompressSync(compared, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  // Exactly one table, in the entry: if the bundler changes its shape, this says so instead of
  // letting the comparison silently count it again.
  expect(tablesFound).toBe(1);
  return { rawBytes, brotliBytes };
}

test('the sign-in screen loads no more code with account settings than without', () => {
  const shippedSignIn = signInCodeWithoutChunkTable(shipped, 'shipped');
  const stubbedSignIn = signInCodeWithoutChunkTable(withoutAccountSettings, 'stubbed');
  // The same modules, cut at different places: account settings shares some of them with
  // sign-in, so the bundler splits the shared code into a few more chunks, each with its own
  // import and export lines; and the parts of preact/compat (and preact) that only the settings'
  // components use stay in the shared entry, since that is where compat lives (measured without
  // the chunk table: 1.9 KB raw, 0.85 KB brotli, on 29.5 KB). Any account-settings code of its
  // own reaching sign-in would cost several kilobytes more.
  expect(shippedSignIn.rawBytes - stubbedSignIn.rawBytes).toBeLessThan(2_500);
  expect(shippedSignIn.brotliBytes - stubbedSignIn.brotliBytes).toBeLessThan(1_100);
});

test('no Ark UI code is in what the sign-in screen loads', () => {
  const assets = join(outDir, 'shipped', 'assets');
  expect(readdirSync(assets).length).toBeGreaterThan(5);
  const signInCode = signInOf(shipped)
    .files.map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
  // Ark's machines name themselves with data-scope attributes ("menu", "dialog", "select").
  expect(signInCode).not.toMatch(/data-scope|"data-part"/);
});

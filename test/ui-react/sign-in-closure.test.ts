// Account settings (Ark UI's menus, dialogs and the image cropper) must cost the sign-in screen
// nothing: the served preact/compat build is made twice, as shipped and with the account-settings
// page replaced by an empty component, and the sign-in screen's JavaScript is compared.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
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
let shipped: ScreenSize[];
let withoutAccountSettings: ScreenSize[];

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

test('the sign-in screen loads no more code with account settings than without', () => {
  const shippedSignIn = signInOf(shipped);
  const stubbedSignIn = signInOf(withoutAccountSettings);
  // The same modules, cut at different places: account settings shares some of them with
  // sign-in, so the bundler splits the shared code into a few more chunks, each with its own
  // import and export lines; and the parts of preact/compat (and preact) that only the settings'
  // components use stay in the shared entry, since that is where compat lives (measured: 2.5 KB
  // raw, 1.07 KB brotli, on 30.1 KB; before the screens dropped jotai the whole of compat was
  // in the entry either way, 2.1 KB raw more than now). Any account-settings code of its own
  // reaching sign-in would cost several kilobytes more.
  const sourceBytes = (sizes: ScreenSize, dir: string) =>
    sizes.files.reduce((total, file) => total + readFileSync(join(outDir, dir, 'assets', file)).length, 0);
  expect(sourceBytes(shippedSignIn, 'shipped') - sourceBytes(stubbedSignIn, 'stubbed')).toBeLessThan(3_000);
  expect(shippedSignIn.brotliBytes - stubbedSignIn.brotliBytes).toBeLessThan(1_300);
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

// The account settings and team screens (preact build, as served by default) in Debian's
// Chromium against a real authd and SMTP receiver: profile image upload and crop (a JPEG with an
// EXIF orientation, a PNG, broken files), display name, email verification, change password,
// MFA set-up and the sign-in that then asks for a code, team creation, renaming, invitation
// (accepted on its page in a second browser context), per-team name, leaving; narrow and wide
// layouts in both themes; axe-core on every screen.
// Screenshots go to test-artifacts/browser/account-*.png.
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { normalizeRecoveryCode, recoveryCodeDigest } from '../../server/core/credentials/recovery-codes';
import { as, call, uniqueEmail } from '../support/api-expectations';
import { repoRoot, type TestInstance } from '../support/instance';
import { type ReceivedEmail, type SmtpReceiver } from '../support/smtp-receiver';
import { allowClientTeamCreation, startDemoHostApp } from '../support/host-apps';
import { openPage, signInWhereRedirected, withMailBrowser, type TestPage } from './browser-support';
import { withExif } from './exif-jpeg';

let t: TestInstance, smtp: SmtpReceiver, browser: Browser, hostApp: ReturnType<typeof Bun.serve>;
const pages: TestPage[] = [];
// Generous: the machine is shared, and a timed-out test makes bun kill the shared browser.
const browserTestTimeout = 150_000;
const password = 'correct horse battery';
const newPassword = 'staple battery horse';

withMailBrowser(
  async (started) => {
    ({ t, smtp, browser } = started);
    await allowClientTeamCreation(t);
    hostApp = await startDemoHostApp(t);
  },
  {
    pages,
    instance: { settings: { hostedScreensRuntime: 'preact' } },
    beforeStop: async () => {
      hostApp?.stop(true);
    },
  },
);

async function signUpThroughApi(email: string): Promise<{ accessToken: string; userId: string }> {
  const res = await call(t, 'POST', '/auth/password/sign-up', {
    headers: as(t.demo!, 'client'),
    body: { email, password, verification_callback_url: `${t.url}/handler/email-verification` },
  });
  expect(res.status).toBe(200);
  return { accessToken: res.json.access_token, userId: res.json.user_id };
}

async function newPage(options: { colorScheme?: 'light' | 'dark'; width?: number } = {}): Promise<TestPage> {
  const opened = await openPage(browser, { colorScheme: options.colorScheme });
  await opened.page.setViewportSize({ width: options.width ?? 1280, height: 860 });
  pages.push(opened);
  return opened;
}

/** Opens the account settings signed out, which leads to sign-in; signs in and comes back. */
async function signInToAccountSettings(page: Page, email: string, userPassword = password): Promise<void> {
  await page.goto(`${t.url}/handler/account-settings/profile`);
  await signInWhereRedirected(page, email, userPassword);
  await page.waitForURL(/\/handler\/account-settings\/profile$/);
  await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
}

/** axe-core in the page: no serious or critical violations. */
async function expectAccessible(page: Page): Promise<void> {
  await page.addScriptTag({ path: join(repoRoot, 'node_modules', 'axe-core', 'axe.min.js') });
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);
}

/** A picture made by the browser's own encoder: left half red, right half blue. */
async function twoColourImage(page: Page, type: 'image/jpeg' | 'image/png', width: number, height: number): Promise<Uint8Array> {
  const base64 = await page.evaluate(
    ({ type, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#ff0000';
      context.fillRect(0, 0, width / 2, height);
      context.fillStyle = '#0000ff';
      context.fillRect(width / 2, 0, width / 2, height);
      return canvas.toDataURL(type, 0.95).split(',')[1]!;
    },
    { type, width, height },
  );
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/** The colour ('red', 'blue' or other) at a fraction of the shown profile image. */
async function avatarColours(page: Page): Promise<{ top: string; bottom: string; left: string; right: string; src: string }> {
  const image = page.getByRole('button', { name: 'Change profile image' }).locator('img');
  await image.waitFor();
  return image.evaluate(async (element: HTMLImageElement) => {
    await element.decode();
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth;
    canvas.height = element.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(element, 0, 0);
    const name = (fx: number, fy: number) => {
      const [r, g, b] = context.getImageData(Math.floor(canvas.width * fx), Math.floor(canvas.height * fy), 1, 1).data;
      if (r! > 180 && g! < 80 && b! < 80) return 'red';
      if (b! > 180 && r! < 80 && g! < 80) return 'blue';
      return `rgb(${r},${g},${b})`;
    };
    return { top: name(0.5, 0.1), bottom: name(0.5, 0.9), left: name(0.1, 0.5), right: name(0.9, 0.5), src: element.src };
  });
}

async function pickFile(page: Page, name: string, mimeType: string, bytes: Uint8Array): Promise<void> {
  await page
    .locator('[data-testid="image-file-input"]')
    .first()
    .setInputFiles({ name, mimeType, buffer: Buffer.from(bytes) });
}

function firstLink(email: ReceivedEmail): string {
  const link = email.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in "${email.subject}"`);
  return link;
}

describe('account settings: profile', () => {
  test(
    'a signed-out visitor signs in and returns; display name; profile image from a turned JPEG, a PNG and broken files',
    async () => {
      const { page, problems, screenshot } = await newPage();
      const email = uniqueEmail('profile');
      await signUpThroughApi(email);
      await signInToAccountSettings(page, email);
      expect(await page.title()).toBe('Account Settings – Demo project');
      expect(await page.getByRole('link', { name: 'My Profile' }).getAttribute('aria-current')).toBe('page');
      await expectAccessible(page);

      // Display name: Edit → Cancel keeps it, Edit → Save changes it.
      await page.getByRole('button', { name: 'Edit display name' }).click();
      await page.getByRole('textbox', { name: 'Display name' }).fill('Not kept');
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect(await page.getByTestId('display-name-value').innerText()).toBe('Not set');
      await page.getByRole('button', { name: 'Edit display name' }).click();
      await page.getByRole('textbox', { name: 'Display name' }).fill('Ada Lovelace');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('display-name-value').getByText('Ada Lovelace').waitFor();
      expect(await page.getByRole('button', { name: 'Change profile image' }).innerText()).toBe('AL');

      // Files that do not load as images, and a JPEG whose EXIF block is broken.
      await pickFile(page, 'notes.txt', 'text/plain', new TextEncoder().encode('hello, not a picture'));
      expect(await page.getByTestId('image-error').innerText()).toBe('Invalid image');
      await pickFile(page, 'broken.jpg', 'image/jpeg', new TextEncoder().encode('GIF89a but called a JPEG'));
      expect(await page.getByTestId('image-error').innerText()).toBe('not a valid JPEG');
      const jpeg = await twoColourImage(page, 'image/jpeg', 200, 100);
      await pickFile(page, 'bad-endian.jpg', 'image/jpeg', withExif(jpeg, { orientation: 6, byteOrder: 'XX' }));
      expect(await page.getByTestId('image-error').innerText()).toBe('TIFF header contains invalid endian');
      await pickFile(page, 'bad-type.jpg', 'image/jpeg', withExif(jpeg, { orientation: 6, valueType: 4 }));
      expect(await page.getByTestId('image-error').innerText()).toBe('Orientation data type is invalid');

      // A 200×100 JPEG stored sideways (orientation 6 = turn 90° clockwise): left half red.
      // Upright it is 100×200 with red on top, so the saved square must be red above, blue below.
      await pickFile(page, 'phone.jpg', 'image/jpeg', withExif(jpeg, { orientation: 6 }));
      const dialog = page.getByTestId('crop-dialog');
      await dialog.waitFor();
      const zoom = page.getByRole('slider', { name: 'Zoom' });
      expect(await zoom.getAttribute('min')).toBe('1');
      expect(await zoom.getAttribute('max')).toBe('5');
      expect(await zoom.getAttribute('step')).toBe('0.1');
      await zoom.focus();
      await page.keyboard.press('ArrowRight');
      expect(await zoom.inputValue()).toBe('1.1');
      await page.keyboard.press('ArrowLeft');
      await screenshot('account-profile-crop-dialog');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      const turned = await avatarColours(page);
      expect(turned.src.startsWith('data:image/jpeg;base64,')).toBe(true);
      expect({ top: turned.top, bottom: turned.bottom }).toEqual({ top: 'red', bottom: 'blue' });
      // Under the 0.1 MB limit (base64 is 4/3 of the bytes).
      expect(((turned.src.length - 'data:image/jpeg;base64,'.length) * 3) / 4).toBeLessThanOrEqual(0.1 * 1024 * 1024);

      // A PNG (no orientation): saved as a JPEG, left red and right blue as drawn; Cancel changes nothing first.
      const png = await twoColourImage(page, 'image/png', 120, 120);
      await pickFile(page, 'square.png', 'image/png', png);
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect((await avatarColours(page)).src).toBe(turned.src);
      await pickFile(page, 'square.png', 'image/png', png);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(
        (previous) => document.querySelector('[aria-label="Change profile image"] img')?.getAttribute('src') !== previous,
        turned.src,
      );
      const fromPng = await avatarColours(page);
      expect(fromPng.src.startsWith('data:image/jpeg;base64,')).toBe(true);
      expect({ left: fromPng.left, right: fromPng.right }).toEqual({ left: 'red', right: 'blue' });
      await screenshot('account-profile-image-saved');

      // Noise, which JPEG compresses worst: one pass at the first quality cannot meet 0.1 MB,
      // the saved image still does (later passes lower the quality and then the size).
      const noise = await page.evaluate(async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 600;
        canvas.height = 600;
        const context = canvas.getContext('2d')!;
        const pixels = context.createImageData(600, 600);
        for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
        context.putImageData(pixels, 0, 0);
        const firstPass = await new Promise<Blob>((resolve) => {
          const square = document.createElement('canvas');
          square.width = 512;
          square.height = 512;
          square.getContext('2d')!.drawImage(canvas, 0, 0, 512, 512);
          square.toBlob((blob) => resolve(blob!), 'image/jpeg', 0.92);
        });
        return { png: canvas.toDataURL('image/png').split(',')[1]!, firstPassBytes: firstPass.size };
      });
      expect(noise.firstPassBytes).toBeGreaterThan(0.1 * 1024 * 1024);
      await pickFile(page, 'noise.png', 'image/png', new Uint8Array(Buffer.from(noise.png, 'base64')));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(
        (previous) => document.querySelector('[aria-label="Change profile image"] img')?.getAttribute('src') !== previous,
        fromPng.src,
      );
      const noisy = await avatarColours(page);
      expect(((noisy.src.length - 'data:image/jpeg;base64,'.length) * 3) / 4).toBeLessThanOrEqual(0.1 * 1024 * 1024);
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});

describe('account settings: security', () => {
  test(
    'email verification send, change password (wrong old password, then right), MFA set-up, a sign-in that asks for the code, MFA disabled',
    async () => {
      const { page, problems, screenshot, context } = await newPage();
      const email = uniqueEmail('security');
      await signUpThroughApi(email);
      await smtp.waitFor(email); // the sign-up's own verification email
      await signInToAccountSettings(page, email);
      await page.getByRole('link', { name: 'Security' }).click();
      await page.getByTestId('email-verification-section').waitFor();
      await expectAccessible(page);

      // Email verification: the button turns to 'Email sent!' and the email arrives.
      const before = smtp.messages.filter((m) => m.to.includes(email)).length;
      await page.getByRole('button', { name: 'Send verification email' }).click();
      await page.getByRole('button', { name: 'Email sent!' }).waitFor();
      expect(await page.getByRole('button', { name: 'Email sent!' }).isDisabled()).toBe(true);
      const sent = await smtp.waitFor(email, () => smtp.messages.filter((m) => m.to.includes(email)).length > before);
      expect(firstLink(sent).startsWith(`${t.url}/handler/email-verification?code=`)).toBe(true);

      // Change password: required old password, then the server's refusal on the old-password field.
      await page.getByRole('button', { name: 'Change password' }).click();
      const form = page.getByTestId('change-password-form');
      await form.getByRole('button', { name: 'Update Password' }).click();
      await form.getByText('Please enter your old password').waitFor();
      await form.getByText('Please enter your password').waitFor();
      await page.getByLabel('Old password', { exact: true }).fill('not my password');
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Repeat new password', { exact: true }).fill(newPassword);
      await form.getByRole('button', { name: 'Update Password' }).click();
      await form.getByText('Incorrect password', { exact: true }).waitFor();
      expect(await page.getByLabel('Old password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel('Old password', { exact: true }).fill(password);
      await form.getByRole('button', { name: 'Update Password' }).click();
      await page.getByText('Your password has been changed.').waitFor();
      const withNew = await call(t, 'POST', '/auth/password/sign-in', {
        headers: as(t.demo!, 'client'),
        body: { email, password: newPassword },
      });
      expect(withNew.status).toBe(200);

      // MFA: Cancel returns to disabled; then the shown secret, a wrong code, the right one.
      await page.getByRole('button', { name: 'Enable MFA' }).click();
      await page.getByTestId('mfa-setup').getByRole('button', { name: 'Cancel' }).click();
      expect(await page.getByTestId('mfa-status').innerText()).toBe('Multi-factor authentication is currently disabled.');
      await page.getByRole('button', { name: 'Enable MFA' }).click();
      await page.getByTestId('mfa-qr-code').locator('svg').waitFor();
      const secret = (await page.getByTestId('mfa-secret').innerText()).trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 20 bytes in base32
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
      await page.getByRole('button', { name: 'Copy secret' }).click();
      await page.getByTestId('toast').getByText('Copied to clipboard!').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      // Toasts: F8 moves focus to their region (which pauses them), Tab reaches the toast, Escape
      // dismisses it; one at a time.
      await page.keyboard.press('F8');
      await page.waitForFunction(() => !!document.activeElement?.closest('[data-scope="toast"]'));
      await page.keyboard.press('Tab');
      expect(await page.getByTestId('toast').getAttribute('data-paused')).not.toBeNull();
      await page.keyboard.press('Escape');
      await page.getByTestId('toast').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Copy secret' }).click();
      await page.getByRole('button', { name: 'Copy secret' }).click();
      await page.getByTestId('toast').first().waitFor();
      expect(await page.getByTestId('toast').count()).toBe(1);
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
      const right = totp.generate();
      const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
      // The code input takes digits only, and a full code is checked without pressing Verify.
      await page.getByRole('textbox', { name: 'Code' }).fill(`${wrong.slice(0, 3)}-${wrong.slice(3)}9`);
      expect(await page.getByRole('textbox', { name: 'Code' }).inputValue()).toBe(wrong);
      await page.getByText('Incorrect code. Please try again.').waitFor();
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Incorrect code. Please try again.').waitFor();
      await screenshot('account-security-mfa-setup');
      await page.getByRole('textbox', { name: 'Code' }).fill(totp.generate());
      await page.getByText('Multi-factor authentication is currently enabled.').waitFor();

      // Turning MFA on shows ten recovery codes once: copy, or download as a text file.
      const codeList = page.getByRole('list', { name: 'Recovery codes' });
      await codeList.waitFor();
      const recoveryCodes = (await codeList.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
      expect(recoveryCodes).toHaveLength(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
      await screenshot('account-security-mfa-recovery-codes');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('recovery-codes.txt');
      const downloaded = await Bun.file((await download.path())!).text();
      for (const code of recoveryCodes) expect(downloaded).toContain(`\n${code}\n`);
      expect(downloaded).toContain(email);
      await page.getByRole('button', { name: 'Copy codes' }).click();
      await page.getByTestId('toast').getByText('Copied to clipboard!').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(downloaded);
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await page.getByTestId('mfa-recovery-count').getByText('Recovery codes: 10 of 10 left.').waitFor();
      await screenshot('account-security-mfa-enabled');

      // Signing in again now asks for the code.
      const signOutAndBackToTheCodeStep = async () => {
        await page.getByRole('link', { name: 'Sign Out' }).click();
        await page.getByRole('button', { name: 'Sign Out' }).click();
        await page.waitForURL((url) => !url.pathname.includes('account-settings'));
        await page.goto(`${t.url}/handler/account-settings/security`);
        await signInWhereRedirected(page, email, newPassword);
        await page.getByTestId('mfa-page').waitFor();
      };
      await signOutAndBackToTheCodeStep();
      // The sign-in's code step is the shared one-time-code input: typing the sixth digit signs in,
      // with no press of Verify.
      await screenshot('sign-in-mfa-code-step');
      await page.getByRole('textbox', { name: 'Code' }).pressSequentially(totp.generate());
      await page.waitForURL(/\/handler\/account-settings\/security$/);
      await page.getByText('Multi-factor authentication is currently enabled.').waitFor();

      // A recovery code in place of the app's code: once. The last one warns before going on.
      const signOut = async () => {
        await signOutAndBackToTheCodeStep();
        await page.getByRole('button', { name: 'Use a recovery code' }).click();
      };
      await signOut();
      await page.getByRole('textbox', { name: 'Recovery code' }).fill('00000-00000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('This recovery code is not valid, or was already used.').waitFor();
      await screenshot('sign-in-mfa-recovery-code');
      await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!.toUpperCase());
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(/\/handler\/account-settings\/security$/);
      await page.getByText('Recovery codes: 9 of 10 left.').waitFor();

      // Eight more used (straight in the database, by their digests): one is left.
      const lastCode = recoveryCodes[9]!;
      t.sqlite
        .query(
          `update mfa_recovery_codes set used_at = 1 where used_at is null and code_digest <> ?
             and user_id = (select user_id from contact_channels where value = ?)`,
        )
        .run(recoveryCodeDigest(t.ctx, normalizeRecoveryCode(lastCode)!), email);
      await signOut();
      await page.getByRole('textbox', { name: 'Recovery code' }).fill(lastCode);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { name: 'You used your last recovery code' }).waitFor();
      await screenshot('sign-in-mfa-last-recovery-code');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/handler\/account-settings\/security$/);
      await page.getByText('You have no recovery codes left.', { exact: false }).waitFor();
      // A new set on request, after a confirmation.
      await page.getByRole('button', { name: 'New recovery codes' }).click();
      await page.getByText('Your current recovery codes will stop working.').waitFor();
      await page.getByRole('button', { name: 'Make new codes' }).click();
      await codeList.getByRole('listitem').nth(9).waitFor();
      const renewed = (await codeList.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
      expect(renewed).toHaveLength(10);
      expect(renewed.some((code) => recoveryCodes.includes(code))).toBe(false);
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await page.getByTestId('mfa-recovery-count').getByText('Recovery codes: 10 of 10 left.').waitFor();

      // Disable clears the secret: the next sign-in needs no code.
      await page.getByRole('button', { name: 'Disable MFA' }).click();
      // It asks first; the session is fresh, so no re-authentication follows.
      await page.getByTestId('mfa-disable-confirmation').getByRole('button', { name: 'Turn off MFA' }).click();
      await page.getByText('Multi-factor authentication is currently disabled.').waitFor();
      const withoutCode = await call(t, 'POST', '/auth/password/sign-in', {
        headers: as(t.demo!, 'client'),
        body: { email, password: newPassword },
      });
      expect(withoutCode.status).toBe(200);
      expect(withoutCode.json.access_token).toBeString();
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});

describe('account settings: teams', () => {
  test(
    'create a team, rename it, change its image, invite by email (accepted by a second user), per-team name with its tooltip, leave',
    async () => {
      const { page, problems, screenshot } = await newPage();
      const email = uniqueEmail('owner');
      await signUpThroughApi(email);
      await signInToAccountSettings(page, email);

      await page.getByRole('link', { name: 'Create a team' }).click();
      const creation = page.getByTestId('team-creation-form');
      await creation.getByRole('button', { name: 'Create' }).click();
      await creation.getByText('Please enter a team name').waitFor();
      await expectAccessible(page);
      await page.getByRole('textbox', { name: 'Team name' }).fill('Analytical Engines');
      // The team's permissions are held back until the skeleton standing in for them is seen.
      let releasePermissions: () => void = () => undefined;
      const permissionsHeld = new Promise<void>((resolve) => (releasePermissions = resolve));
      await page.route('**/api/v1/team-permissions?*', async (route) => {
        await permissionsHeld;
        await route.continue();
      });
      await creation.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/account-settings\/teams\/[0-9a-f-]{36}$/);
      const teamId = page.url().split('/').pop()!;
      await page.getByRole('heading', { name: 'Analytical Engines', level: 2 }).waitFor();
      await page.getByRole('status', { name: 'Loading team settings' }).waitFor();
      expect(await page.getByTestId('team-invite-form').count()).toBe(0);
      releasePermissions();
      await page.getByTestId('team-invite-form').waitFor();
      expect(await page.getByRole('status', { name: 'Loading team settings' }).count()).toBe(0);
      await page.unroute('**/api/v1/team-permissions?*');

      // Rename (needs $update_team, which the creator has).
      await page.getByRole('button', { name: 'Edit team display name' }).click();
      await page.getByRole('textbox', { name: 'Team display name' }).fill('Difference Engines');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('link', { name: 'Difference Engines' }).waitFor();
      // The team image: picked, cropped, saved on the team.
      const teamImage = await twoColourImage(page, 'image/png', 80, 80);
      await page.locator('[data-testid="team-profile-section"] [data-testid="image-file-input"]').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: Buffer.from(teamImage),
      });
      await page.getByTestId('crop-dialog').getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('crop-dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Change team image' }).locator('img').waitFor();
      const team = await call(t, 'GET', `/teams/${teamId}`, { headers: as(t.demo!, 'server') });
      expect(team.json.display_name).toBe('Difference Engines');
      expect(team.json.profile_image_url).toStartWith('data:image/jpeg;base64,');

      // Per-team name, saved after typing pauses; its tooltip opens on focus.
      await page.getByRole('button', { name: 'About the user display name' }).focus();
      await page.getByTestId('tooltip').getByText('Overrides your display name in this team').waitFor();
      // Typed key by key (40 ms apart): one save, sent once typing has paused, not one per key.
      const profileSaves: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && request.url().includes('/team-member-profiles/'))
          profileSaves.push(request.postData() ?? '');
      });
      await page.getByRole('textbox', { name: 'User display name' }).pressSequentially('Ada in the team', { delay: 40 });
      await page.getByText('Saved', { exact: true }).waitFor();
      expect(profileSaves.map((body) => JSON.parse(body).display_name)).toEqual(['Ada in the team']);
      // The members table shows the new name at once, without a reload.
      await page.getByTestId('team-member-row').getByText('Ada in the team').waitFor();
      const profiles = await call(t, 'GET', `/team-member-profiles?team_id=${teamId}`, { headers: as(t.demo!, 'server') });
      expect(profiles.json.items.map((p: any) => p.display_name)).toEqual(['Ada in the team']);

      // Invite: required address, then the email; a second user accepts the emailed link.
      const invite = page.getByTestId('team-invite-form');
      await invite.getByRole('button', { name: 'Invite' }).click();
      await invite.getByText('Please enter an email address').waitFor();
      const guestEmail = uniqueEmail('guest');
      await invite.getByRole('textbox', { name: 'Email' }).fill(guestEmail);
      await invite.getByRole('button', { name: 'Invite' }).click();
      await page.getByTestId('toast').getByText(`Invitation sent to ${guestEmail}`).waitFor();
      const invitation = await smtp.waitFor(guestEmail);
      const link = new URL(firstLink(invitation));
      expect(link.origin + link.pathname).toBe(`${t.url}/handler/team-invitation`);
      // A second browser context (the guest) opens the emailed link, signs in and joins.
      const guest = await newPage();
      const guestSession = await signUpThroughApi(guestEmail);
      await guest.page.goto(link.toString());
      await guest.page.getByRole('button', { name: 'Go to sign in' }).click();
      await signInWhereRedirected(guest.page, guestEmail, password);
      await guest.page.getByText('You are invited to join').waitFor();
      expect(await guest.page.getByText('Difference Engines').count()).toBeGreaterThan(0);
      await guest.page.getByRole('button', { name: 'Join' }).click();
      await guest.page.getByText('You have successfully joined').waitFor();
      await page.reload();
      await page.getByTestId('team-member-row').nth(1).waitFor();
      const rows = await page.getByTestId('team-member-row').allInnerTexts();
      expect(rows).toHaveLength(2);
      expect(rows[0]).toContain('Ada in the team');
      expect(rows[1]).toContain(guestEmail);
      await screenshot('account-team-members');
      await expectAccessible(page);

      // Leave: confirmation, then the page reloads at the base path without the team.
      await page.getByRole('button', { name: 'Leave team' }).click();
      await page.getByText('Are you sure you want to leave the team?').waitFor();
      await page.getByRole('button', { name: 'Leave', exact: true }).click();
      await page.waitForURL(/\/handler\/account-settings$/);
      await page.getByRole('link', { name: 'Create a team' }).waitFor();
      expect(await page.getByRole('link', { name: 'Difference Engines' }).count()).toBe(0);
      const left = await call(t, 'GET', `/team-member-profiles?team_id=${teamId}`, { headers: as(t.demo!, 'server') });
      expect(left.json.items.map((p: any) => p.user_id)).toEqual([guestSession.userId]);
      expect(problems).toEqual([]);
      expect(guest.problems).toEqual([]);
    },
    browserTestTimeout,
  );
});

describe('account settings: layouts', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(
      `narrow (390 px) list and item with a close button, wide (1280 px) sidebar beside the item, ${colorScheme}`,
      async () => {
        const { page, problems, screenshot } = await newPage({ colorScheme, width: 390 });
        const email = uniqueEmail(`layout-${colorScheme}`);
        const user = await signUpThroughApi(email);
        const team = await call(t, 'POST', '/teams', {
          headers: as(t.demo!, 'client', user.accessToken),
          body: { display_name: 'Lovelace Labs', creator_user_id: 'me' },
        });
        expect(team.status).toBe(201);
        await signInToAccountSettings(page, email);

        // Narrow, on an item: the item and its close button, no sidebar.
        expect(await page.getByRole('navigation').isVisible()).toBe(false);
        await page.getByRole('heading', { name: 'My Profile', level: 2 }).waitFor();
        await screenshot(`account-profile-narrow-${colorScheme}`);
        await expectAccessible(page);
        await page.getByRole('button', { name: 'Close' }).click();
        await page.waitForURL(/\/handler\/account-settings$/);
        // Narrow, at the base path: the list only, with the Teams divider and the team.
        await page.getByRole('navigation').waitFor();
        expect(await page.getByRole('heading', { name: 'My Profile', level: 2 }).isVisible()).toBe(false);
        await page.getByText('Teams', { exact: true }).waitFor();
        await screenshot(`account-list-narrow-${colorScheme}`);
        await expectAccessible(page);
        await page.getByRole('link', { name: 'Lovelace Labs' }).click();
        await page.getByTestId('team-members-table').waitFor();
        await page.getByTestId('team-member-row').first().waitFor();
        await screenshot(`account-team-narrow-${colorScheme}`);
        await expectAccessible(page);

        await page.goto(`${t.url}/handler/account-settings/security`);
        await page.getByTestId('mfa-section').waitFor();
        await page.getByRole('button', { name: 'Enable MFA' }).click();
        await page.getByTestId('mfa-qr-code').locator('svg').waitFor();
        await screenshot(`account-security-narrow-${colorScheme}`);
        await expectAccessible(page);

        // An unknown subpath goes back to the base path.
        await page.goto(`${t.url}/handler/account-settings/no-such-item`);
        await page.waitForURL(/\/handler\/account-settings$/);

        // Wide: the 200 px sidebar beside the selected item; the base path shows the first item.
        await page.setViewportSize({ width: 1280, height: 860 });
        await page.getByRole('heading', { name: 'My Profile', level: 2 }).waitFor();
        const sidebar = await page.getByRole('navigation').boundingBox();
        expect(Math.round(sidebar!.width)).toBe(200);
        await screenshot(`account-profile-wide-${colorScheme}`);
        await page.getByRole('link', { name: 'Security' }).click();
        await page.getByTestId('mfa-section').waitFor();
        await screenshot(`account-security-wide-${colorScheme}`);
        await expectAccessible(page);
        await page.getByRole('link', { name: 'Lovelace Labs' }).click();
        await page.getByTestId('team-member-row').first().waitFor();
        // A member without a name or image shows by the initial of the email the row names.
        expect(await page.getByTestId('team-member-row').first().locator('td').first().innerText()).toBe('L');
        await screenshot(`account-team-wide-${colorScheme}`);
        await page.getByRole('link', { name: 'Create a team' }).click();
        await page.getByTestId('team-creation-form').waitFor();
        await screenshot(`account-team-creation-wide-${colorScheme}`);
        expect(problems).toEqual([]);
      },
      browserTestTimeout,
    );
  }
});

describe('account settings in a host app', () => {
  test(
    'the example host app shows AccountSettings with an item of its own beside the built-in ones',
    async () => {
      const { page, problems, screenshot } = await newPage();
      const email = uniqueEmail('host');
      await signUpThroughApi(email);
      const hostUrl = `http://127.0.0.1:${hostApp.port}`;
      await page.goto(`${hostUrl}/handler/account-settings/notifications`);
      await signInWhereRedirected(page, email, password);
      await page.waitForURL(`${hostUrl}/handler/account-settings/notifications`);
      await page.getByTestId('host-notifications').waitFor();
      expect(await page.getByRole('heading', { level: 2 }).innerText()).toBe('Notifications');
      const items = await page.getByRole('navigation').getByRole('link').allInnerTexts();
      expect(items.slice(0, 5).map((item) => item.trim())).toEqual(['My Profile', 'Security', 'Connected apps', 'Sign Out', 'Notifications']);
      await screenshot('account-host-app-extra-item');
      await page.getByRole('link', { name: 'My Profile' }).click();
      await page.waitForURL(`${hostUrl}/handler/account-settings/profile`);
      await page.getByRole('button', { name: 'Edit display name' }).waitFor();
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});
